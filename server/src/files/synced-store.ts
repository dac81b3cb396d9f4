// Files downloaded for a source (`integration_files`), one per (source, key): the key is the URL's
// `__file-key` query parameter when it has one, else the URL (MAP-034, MAP-035). The content is
// kept as stored-content.ts keeps it; `url` is the URL it was downloaded from. An Entity's file is
// found by the key of its URL alone: a URL always has the key it was stored under, whichever URL of
// the key the Entity holds (the first, or one delivered later).
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

/**
 * The stored file an Entity's file URL names: the file a source that synchronized the Entity (by
 * `integration_keys`) stored under the key of `url` (MAP-034, MAP-035). Answers its content too.
 */
export async function storedFileOf(q: Queryable, entityId: string, url: string): Promise<(StoredFile & { content: Buffer }) | undefined> {
  const { rows: sources } = await q.query<{ source_id: string }>('SELECT DISTINCT source_id FROM integration_keys WHERE entity_id = $1', [entityId]);
  const key = fileKeyOf(url);
  for (const { source_id: sourceId } of sources) {
    const { rows } = await q.query<{ id: string; file_key: string; url: string; name: string; content_type: string; size: number; content: string }>(
      'SELECT id, file_key, url, name, content_type, size, content FROM integration_files WHERE source_id = $1 AND file_key = $2',
      [sourceId, key],
    );
    const row = rows[0];
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
