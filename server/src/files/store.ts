// The content of files the files API stores (`files`): one row per file Entity (same id), found
// by its secret; the content as stored-content.ts keeps it.
import type { Queryable } from '../db/database.js';
import { contentBytes, contentColumns } from './stored-content.js';

/** Stores the content of a new file Entity. */
export async function insertContent(q: Queryable, file: { id: string; secret: string; bytes: Buffer }): Promise<void> {
  const { size, sha256, content } = contentColumns(file.bytes);
  await q.query('INSERT INTO files (id, secret, size, sha256, content, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [file.id, file.secret, size, sha256, content, new Date().toISOString()]);
}

/** The file of a secret whose Entity still exists: its id, the Entity's stored values and the content. */
export async function contentBySecret(q: Queryable, secret: string): Promise<{ id: string; data: Record<string, unknown>; bytes: Buffer } | undefined> {
  const { rows } = await q.query<{ id: string; content: string; data: Record<string, unknown> | null }>(
    'SELECT f.id, f.content, e.data FROM files f JOIN entities e ON e.id = f.id WHERE f.secret = $1',
    [secret],
  );
  const row = rows[0];
  return row ? { id: row.id, data: row.data ?? {}, bytes: contentBytes(row.content) } : undefined;
}
