// Reading document contents in bulk: the interface other modules (GraphQL, webhooks) use.
// STUB until the document store lands (issue 4): answers every secret with empty content.
import type { Queryable } from '../db/database.js';
import type { components } from '../../../generated/service/types.js';

export type ReadFormat = components['schemas']['ReadFormat'];
export type DocumentContent = components['schemas']['DocumentContent'];

/**
 * The contents of these documents in one format, by secret, read with a bounded number of
 * statements whatever the number of secrets. Unknown secrets are absent from the map.
 */
export async function readDocumentContents(_tx: Queryable, secrets: readonly string[], format: ReadFormat): Promise<Map<string, DocumentContent>> {
  const empty: DocumentContent = format === 'json' ? { doc: { type: 'doc', content: [] } } : '';
  return new Map(secrets.map((s) => [s, empty]));
}
