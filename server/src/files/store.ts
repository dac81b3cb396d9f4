// The content of files the files API stores (`files`): one row per file Entity (same id), found
// by its secret. Content is kept as base64 text (pg-mem keeps bytea badly).
import { createHash } from 'node:crypto';
import type { Queryable } from '../db/database.js';

/** Stores the content of a new file Entity. */
export async function insertContent(q: Queryable, file: { id: string; secret: string; bytes: Buffer }): Promise<void> {
  await q.query('INSERT INTO files (id, secret, size, sha256, content, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [
    file.id,
    file.secret,
    file.bytes.length,
    createHash('sha256').update(file.bytes).digest('hex'),
    file.bytes.toString('base64'),
    new Date().toISOString(),
  ]);
}

/** The file of a secret whose Entity still exists: its id, the Entity's stored values and the content. */
export async function contentBySecret(q: Queryable, secret: string): Promise<{ id: string; data: Record<string, unknown>; bytes: Buffer } | undefined> {
  const { rows } = await q.query<{ id: string; content: string; data: Record<string, unknown> | null }>(
    'SELECT f.id, f.content, e.data FROM files f JOIN entities e ON e.id = f.id WHERE f.secret = $1',
    [secret],
  );
  const row = rows[0];
  return row ? { id: row.id, data: row.data ?? {}, bytes: Buffer.from(row.content, 'base64') } : undefined;
}
