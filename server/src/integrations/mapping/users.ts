// People relations (MAP-044..047): a value is the `user/email` (case sensitive) or the
// `user/name` of a `svc/user`; users are never created, so a value without a user links nothing.
import type { Queryable } from '../../db/database.js';
import { USER_TYPE } from '../../model/field-types.js';
import { typeFields } from './type-lookup.js';

const CHUNK = 500;

/** The user ids of the values, in their order, without repeats; several users of one name: the oldest. */
export async function matchUsers(tx: Queryable, match: 'email' | 'name', values: string[]): Promise<string[]> {
  const wanted = [...new Set(values.filter((v) => typeof v === 'string' && v !== ''))];
  if (wanted.length === 0) return [];
  const users = await typeFields(tx, USER_TYPE);
  const key = users?.keys.get(match === 'email' ? 'user/email' : 'user/name');
  if (!users || !key) return [];
  const found = new Map<string, string>();
  for (let i = 0; i < wanted.length; i += CHUNK) {
    const part = wanted.slice(i, i + CHUNK);
    const { rows } = await tx.query<{ id: string; value: string }>(
      `SELECT id, data->>'${key}' AS value FROM entities WHERE type_id = $1 AND data->>'${key}' IN (${part.map((_, j) => `$${j + 2}`).join(', ')}) ORDER BY created_at, id`,
      [users.id, ...part],
    );
    for (const row of rows) if (!found.has(row.value)) found.set(row.value, row.id);
  }
  return [...new Set(wanted.flatMap((value) => found.get(value) ?? []))];
}
