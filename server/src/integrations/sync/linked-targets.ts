// The relation values a sync compares before it writes: the targets each Entity's relation field
// holds now, and whether a wanted list holds the same ones.
import type { Queryable } from '../../db/database.js';
import { placeholders } from '../../db/sql-lists.js';
import type { FieldDef } from '../../model/catalog.js';

/** Target ids of the relation field for each of `ids` that has any, in link position order. */
export async function linkedTargets(tx: Queryable, field: FieldDef, ids: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (ids.length === 0) return out;
  const mine = field.relationEnd === 'b' ? 'b' : 'a';
  const theirs = mine === 'a' ? 'b' : 'a';
  const { rows } = await tx.query<{ owner: string; target: string; position: unknown }>(
    `SELECT ${mine} AS owner, ${theirs} AS target, position FROM links WHERE relation_id = $1 AND ${mine} IN (${placeholders(ids.length, 2)})`,
    [field.relationId, ...ids],
  );
  rows.sort((x, y) => Number(x.position) - Number(y.position));
  for (const row of rows) out.set(row.owner, [...(out.get(row.owner) ?? []), row.target]);
  return out;
}

/** Whether two lists hold the same ids, in any order. */
export function sameTargets(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const sorted = [...b].sort();
  return [...a].sort().every((id, i) => id === sorted[i]);
}
