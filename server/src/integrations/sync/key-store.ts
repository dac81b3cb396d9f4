// The key index of synchronized Entities (`integration_keys`): which Entity holds the row of a
// key, and which run last delivered it (a full run removes what it did not deliver).
import type { Queryable } from '../../db/database.js';
import { chunks, placeholders } from '../../db/sql-lists.js';

/** Largest number of keys in one statement (placeholders stay well under the protocol's bound). */
const CHUNK = 1000;


/** Entity id of each key that has one. */
export async function entitiesOfKeys(q: Queryable, sourceId: string, appType: string, keys: readonly string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const part of chunks([...new Set(keys)], CHUNK)) {
    const { rows } = await q.query<{ external_key: string; entity_id: string }>(
      `SELECT external_key, entity_id FROM integration_keys WHERE source_id = $1 AND app_type = $2 AND external_key IN (${placeholders(part.length, 3)})`,
      [sourceId, appType, ...part],
    );
    for (const row of rows) found.set(row.external_key, row.entity_id);
  }
  return found;
}

export async function insertKeys(q: Queryable, sourceId: string, appType: string, runId: number, entries: readonly { key: string; entityId: string }[]): Promise<void> {
  for (const part of chunks(entries, CHUNK)) {
    const values = part.map((_, i) => `($1, $2, $${i * 2 + 4}, $${i * 2 + 5}, $3)`).join(', ');
    await q.query(
      `INSERT INTO integration_keys (source_id, app_type, external_key, entity_id, last_run_id) VALUES ${values}`,
      [sourceId, appType, runId, ...part.flatMap((e) => [e.key, e.entityId])],
    );
  }
}

/** Records that this run delivered these keys. */
export async function touchKeys(q: Queryable, sourceId: string, appType: string, runId: number, keys: readonly string[]): Promise<void> {
  for (const part of chunks(keys, CHUNK)) {
    await q.query(
      `UPDATE integration_keys SET last_run_id = $3 WHERE source_id = $1 AND app_type = $2 AND external_key IN (${placeholders(part.length, 4)})`,
      [sourceId, appType, runId, ...part],
    );
  }
}

export async function deleteKeys(q: Queryable, sourceId: string, appType: string, keys: readonly string[]): Promise<void> {
  for (const part of chunks(keys, CHUNK)) {
    await q.query(`DELETE FROM integration_keys WHERE source_id = $1 AND app_type = $2 AND external_key IN (${placeholders(part.length, 3)})`, [sourceId, appType, ...part]);
  }
}

/** Keys of the type that the run did not deliver (a full run's removals). */
export async function undeliveredKeys(q: Queryable, sourceId: string, appType: string, runId: number): Promise<{ key: string; entityId: string }[]> {
  const { rows } = await q.query<{ external_key: string; entity_id: string }>(
    'SELECT external_key, entity_id FROM integration_keys WHERE source_id = $1 AND app_type = $2 AND last_run_id <> $3',
    [sourceId, appType, runId],
  );
  return rows.map((r) => ({ key: r.external_key, entityId: r.entity_id }));
}

/** Every key of a type with its Entity. */
export async function allKeys(q: Queryable, sourceId: string, appType: string): Promise<Map<string, string>> {
  const { rows } = await q.query<{ external_key: string; entity_id: string }>(
    'SELECT external_key, entity_id FROM integration_keys WHERE source_id = $1 AND app_type = $2',
    [sourceId, appType],
  );
  return new Map(rows.map((r) => [r.external_key, r.entity_id]));
}
