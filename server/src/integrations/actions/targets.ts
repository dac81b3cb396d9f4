// The Entities of an action call as the app knows them: each Entity's app type and key (from the
// source's key index, `integration_keys`), and its row: the key under the type's key field and the
// current values of the fields mapped one to one (mapping kind `value`), by app field id, as the
// command API shows them. An Entity the source did not synchronize, or that no longer exists, is
// refused before anything runs. Actions have no types: an Entity of any type of the source is one.
import { Failure } from '../../api/failure.js';
import type { Queryable } from '../../db/database.js';
import { chunks, placeholders } from '../../db/sql-lists.js';
import type { Catalog } from '../../model/catalog.js';
import { decodeValue } from '../../model/value-codec.js';
import type { SourceRecord } from '../types.js';

/** Largest number of ids in one statement. */
const CHUNK = 500;

export interface ActionTarget {
  /** The Entity's `svc/id`. */
  entity: string;
  appType: string;
  key: string;
  /** The row as the app knows it: what the args' text templates are filled from. */
  row: Record<string, unknown>;
}

/** The key index entries of the Entities (by Entity id) that this source synchronized. */
async function keysOf(q: Queryable, sourceId: string, ids: readonly string[]): Promise<Map<string, { appType: string; key: string }>> {
  const found = new Map<string, { appType: string; key: string }>();
  for (const part of chunks(ids, CHUNK)) {
    const { rows } = await q.query<{ entity_id: string; app_type: string; external_key: string }>(
      `SELECT entity_id, app_type, external_key FROM integration_keys WHERE source_id = $1 AND entity_id IN (${placeholders(part.length, 2)})`,
      [sourceId, ...part],
    );
    for (const row of rows) found.set(row.entity_id, { appType: row.app_type, key: row.external_key });
  }
  return found;
}

async function dataOf(q: Queryable, ids: readonly string[]): Promise<Map<string, { typeId: string; data: Record<string, unknown> }>> {
  const found = new Map<string, { typeId: string; data: Record<string, unknown> }>();
  for (const part of chunks(ids, CHUNK)) {
    const { rows } = await q.query<{ id: string; type_id: string; data: Record<string, unknown> | null }>(`SELECT id, type_id, data FROM entities WHERE id IN (${placeholders(part.length)})`, part);
    for (const row of rows) found.set(row.id, { typeId: row.type_id, data: row.data ?? {} });
  }
  return found;
}

/**
 * Resolves the Entities, in the order given. Throws 400 `integration.error/entity-not-synchronized`
 * for the first Entity that is not one of the source's (or no longer exists).
 */
export async function resolveTargets(q: Queryable, catalog: Catalog, source: SourceRecord, entityIds: readonly string[]): Promise<ActionTarget[]> {
  const ids = entityIds.map((id) => id.toLowerCase());
  const keys = await keysOf(q, source.id, ids);
  const data = await dataOf(q, [...keys.keys()]);
  return ids.map((id, index): ActionTarget => {
    const field = `entities/${index}`;
    const entry = keys.get(id);
    const mapping = entry ? source.mapping.types[entry.appType] : undefined;
    const stored = data.get(id);
    const type = mapping ? catalog.byName.get(mapping.database) : undefined;
    if (!entry || !mapping || !stored || !type || stored.typeId !== type.id) {
      throw new Failure(
        'integration.error/entity-not-synchronized',
        `${field} (${id}) is not an Entity that source ${source.id} synchronized (or it no longer exists); an action runs only on the source's Entities.`,
        { field, id },
        400,
      );
    }
    const row: Record<string, unknown> = { [mapping.keyField]: entry.key };
    for (const [appField, fieldMapping] of Object.entries(mapping.fields)) {
      if (fieldMapping.kind !== 'value' || appField === mapping.keyField) continue;
      const def = type.fieldsByName.get(fieldMapping.field);
      if (!def || def.storage !== 'value' || def.key === null) continue;
      const value = decodeValue(def, stored.data[def.key]);
      row[appField] = value === '' ? null : value;
    }
    return { entity: id, appType: entry.appType, key: entry.key, row };
  });
}
