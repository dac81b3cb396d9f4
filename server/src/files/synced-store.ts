// Files downloaded for a source (`integration_files`), one per (source, key): the key is the URL's
// `__file-key` query parameter when it has one, else the URL (MAP-034, MAP-035). The content is
// kept as stored-content.ts keeps it; `url` is the latest URL delivered for the key.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.js';
import { chunks, placeholders } from '../db/sql-lists.js';
import { contentBytes, contentColumns } from './stored-content.js';

/** Keys per `IN (...)` list (pg-mem's `= ANY($1)` is broken). */
const CHUNK = 500;

export interface StoredFile {
  id: string;
  sourceId: string;
  key: string;
  url: string;
  name: string;
  contentType: string;
  size: number;
}

/** The key of a file URL: its `__file-key` query parameter when it has one, else the URL itself (MAP-034, MAP-035). */
export function fileKeyOf(url: string): string {
  const key = URL.canParse(url) ? new URL(url).searchParams.get('__file-key') : null;
  return key === null || key === '' ? url : key;
}

/** Which of `keys` the source has a file for. */
export async function storedKeys(q: Queryable, sourceId: string, keys: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const part of chunks([...new Set(keys)], CHUNK)) {
    const { rows } = await q.query<{ file_key: string }>(`SELECT file_key FROM integration_files WHERE source_id = $1 AND file_key IN (${placeholders(part.length, 2)})`, [sourceId, ...part]);
    for (const row of rows) found.add(row.file_key);
  }
  return found;
}

/** Stores a file for (source, key) unless one is stored already (the first one stays). */
export async function insertFile(q: Queryable, file: { sourceId: string; key: string; url: string; name: string; contentType: string; bytes: Buffer }): Promise<void> {
  const { size, sha256, content } = contentColumns(file.bytes);
  await q.query(
    `INSERT INTO integration_files (id, source_id, file_key, url, name, content_type, size, sha256, content, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (source_id, file_key) DO NOTHING`,
    [randomUUID(), file.sourceId, file.key, file.url, file.name, file.contentType, size, sha256, content, new Date().toISOString()],
  );
}

/** Records the latest URL of a known key; the file stays the same (MAP-035). */
export async function recordUrl(q: Queryable, sourceId: string, key: string, url: string): Promise<void> {
  await q.query('UPDATE integration_files SET url = $3 WHERE source_id = $1 AND file_key = $2 AND url <> $3', [sourceId, key, url]);
}

/**
 * The stored file an Entity's file URL names: a file of a source that synchronized the Entity
 * (by `integration_keys`) whose latest URL is `url`, or whose key is the key of `url` (an earlier
 * URL of the same file). Answers its content too.
 */
export async function storedFileOf(q: Queryable, entityId: string, url: string): Promise<(StoredFile & { content: Buffer }) | undefined> {
  const { rows: sources } = await q.query<{ source_id: string }>('SELECT DISTINCT source_id FROM integration_keys WHERE entity_id = $1', [entityId]);
  const key = fileKeyOf(url);
  for (const { source_id: sourceId } of sources) {
    const { rows } = await q.query<{ id: string; file_key: string; url: string; name: string; content_type: string; size: number; content: string }>(
      'SELECT id, file_key, url, name, content_type, size, content FROM integration_files WHERE source_id = $1 AND (url = $2 OR file_key = $3)',
      [sourceId, url, key],
    );
    const row = rows.find((r) => r.url === url) ?? rows.find((r) => r.file_key === key);
    if (row) {
      return {
        id: row.id,
        sourceId,
        key: row.file_key,
        url: row.url,
        name: row.name,
        contentType: row.content_type,
        size: Number(row.size),
        content: contentBytes(row.content),
      };
    }
  }
  return undefined;
}

/** Drops the files of a source (when the source is deleted). */
export async function deleteSourceFiles(q: Queryable, sourceId: string): Promise<void> {
  await q.query('DELETE FROM integration_files WHERE source_id = $1', [sourceId]);
}
