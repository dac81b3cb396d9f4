// Small look-ups of one type and its fields' storage keys, for the per-row work of the sync
// (options, users), without reading the whole catalog for every row.
import type { Queryable } from '../../db/database.js';

export interface TypeFields {
  id: string;
  kind: string;
  /** Storage key (`entities.data` key) by field name, for value fields. */
  keys: Map<string, string>;
}

export async function typeFields(tx: Queryable, typeName: string): Promise<TypeFields | undefined> {
  const { rows } = await tx.query<{ id: string; kind: string }>('SELECT id, kind FROM types WHERE name = $1 AND deleted = false', [typeName]);
  const type = rows[0];
  if (!type) return undefined;
  const fields = await tx.query<{ name: string; storage_key: string | null }>("SELECT name, storage_key FROM fields WHERE type_id = $1 AND storage = 'value'", [type.id]);
  const keys = new Map<string, string>();
  // Storage keys are generated (`f<n>`); nothing else is ever put into SQL text.
  for (const f of fields.rows) if (f.storage_key && /^f\d+$/.test(f.storage_key)) keys.set(f.name, f.storage_key);
  return { id: type.id, kind: type.kind, keys };
}
