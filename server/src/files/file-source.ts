// Where a signed file address leads. A file is the `{file/name, file/url}` value stored in the
// Entity, and the download answers a redirect to that `file/url`; files the service holds (those
// an integration downloaded, synced-file-source.ts) answer `{kind: 'content', ...}` instead.
import type { Readable } from 'node:stream';
import type { Queryable } from '../db/database.js';
import type { CatalogCache } from '../model/catalog.js';
import type { FileRef } from './signed-urls.js';

export type FileAnswer =
  | { kind: 'redirect'; url: string }
  | { kind: 'content'; name: string; contentType: string; body: Readable }
  | { kind: 'missing' };

export interface FileSource {
  locate(ref: FileRef): Promise<FileAnswer>;
}

/** Files as the Entities store them: a redirect to the stored `file/url`. */
export function storedFileUrls(db: Queryable, catalogs: CatalogCache): FileSource {
  return {
    async locate(ref) {
      const catalog = await catalogs.get(db);
      const field = catalog.types.flatMap((t) => t.fields).find((f) => f.id === ref.fieldId);
      if (!field || field.fieldType !== 'file/file' || !field.key) return { kind: 'missing' };
      const { rows } = await db.query<{ data: Record<string, unknown>; type_id: string }>('SELECT type_id, data FROM entities WHERE id = $1', [ref.entityId]);
      const row = rows[0];
      if (!row || row.type_id !== field.typeId) return { kind: 'missing' };
      const files = row.data?.[field.key];
      const file = Array.isArray(files) ? (files[ref.index] as Record<string, unknown> | undefined) : undefined;
      const url = file?.['file/url'];
      return typeof url === 'string' ? { kind: 'redirect', url } : { kind: 'missing' };
    },
  };
}
