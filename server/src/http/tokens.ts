// API tokens: stored as SHA-256 hashes, each with an access level and the user it acts as.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.js';
import type { AccessLevel, Caller } from '../commands/context.js';

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function newTokenValue(): string {
  return `svc_${randomBytes(24).toString('base64url')}`;
}

export async function issueToken(
  q: Queryable,
  options: { token?: string; accessLevel: AccessLevel; userId: string; label: string },
): Promise<string> {
  const token = options.token ?? newTokenValue();
  const hash = hashToken(token);
  await q.query('DELETE FROM api_tokens WHERE token_hash = $1', [hash]);
  await q.query('INSERT INTO api_tokens (id, token_hash, access_level, user_id, label, created_at) VALUES ($1, $2, $3, $4, $5, now())', [
    randomUUID(),
    hash,
    options.accessLevel,
    options.userId,
    options.label,
  ]);
  return token;
}

/** Reads `Token <t>` or `Bearer <t>`; answers the caller, or undefined when the token is unknown. */
export async function authenticate(q: Queryable, header: string | undefined): Promise<Caller | undefined> {
  const match = /^(?:Token|Bearer)\s+(\S{1,512})\s*$/i.exec(header ?? '');
  if (!match?.[1]) return undefined;
  const { rows } = await q.query<{ id: string; user_id: string; access_level: AccessLevel }>(
    'SELECT id, user_id, access_level FROM api_tokens WHERE token_hash = $1',
    [hashToken(match[1])],
  );
  const row = rows[0];
  return row ? { userId: row.user_id, accessLevel: row.access_level, tokenId: row.id } : undefined;
}
