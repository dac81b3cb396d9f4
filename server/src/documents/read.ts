// Reading document contents in bulk: the interface other modules (GraphQL, webhooks) use.
import type { Queryable } from '../db/database.js';
import type { components } from '../../../generated/service/types.js';
import { encodeContent } from './formats.js';
import { readDocuments } from './store.js';

export type ReadFormat = components['schemas']['ReadFormat'];
export type DocumentContent = components['schemas']['DocumentContent'];

/**
 * The contents of these documents in one format, by secret, read with a bounded number of
 * statements whatever the number of secrets. Unknown secrets are absent from the map.
 */
export async function readDocumentContents(tx: Queryable, secrets: readonly string[], format: ReadFormat): Promise<Map<string, DocumentContent>> {
  const docs = await readDocuments(tx, secrets.map((s) => s.toLowerCase()));
  const contents = new Map<string, DocumentContent>();
  for (const secret of secrets) {
    const doc = docs.get(secret.toLowerCase());
    if (doc) contents.set(secret, encodeContent(doc, format));
  }
  return contents;
}
