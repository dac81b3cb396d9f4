/**
 * What a source's Databases hold, as values that compare across Spaces: per type, row key to the
 * Entity's fields named without the Space prefix; select values by option name, relations by the
 * key of the related row, `deleted in source` with no value read as "no". Two sources of the
 * same app data, synchronized differently, must give equal snapshots.
 */
import { isRecord, type JsonRecord } from '../../shapes.js';
import { fail } from '../../assert.js';
import type { CheckContext } from '../../check.js';
import { readSchema, type SchemaView } from '../../schema-view.js';
import { dataFields, enumName, enumNames, fieldShape, readEntities } from './read.js';

/**
 * Fields left out of the comparison: `__syncAction` is the transport's marker (a delta delivers
 * SET, a full sync nothing), not data of the row.
 */
export const TRANSPORT_FIELDS: ReadonlySet<string> = new Set(['__syncAction']);

/** Type id to row key to field name (no Space prefix) to value. */
export type Snapshot = Record<string, Record<string, JsonRecord>>;

/** The raw Entities (every field, `svc/id` and `svc/modification-date` included) per type id and row key. */
export type RawSnapshot = Record<string, Record<string, JsonRecord>>;

function refs(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
  return list.map((v) => (isRecord(v) ? String(v['svc/id']) : String(v)));
}

/** Reads every Entity of the source's Databases (`databases`: type id to Database), keyed by the `<space>/Id` field; `view`: the schema when read already. */
export async function rawSnapshot(ctx: CheckContext, space: string, databases: Record<string, string>, known?: SchemaView): Promise<RawSnapshot> {
  const view = known ?? (await readSchema(ctx));
  const out: RawSnapshot = {};
  for (const [type, database] of Object.entries(databases)) {
    const rows: Record<string, JsonRecord> = {};
    for (const entity of await readEntities(ctx, view, database, `reading ${database}`)) {
      const key = entity[`${space}/Id`];
      if (typeof key !== 'string') fail(`an Entity of ${database} has no row key in ${space}/Id: ${JSON.stringify(entity).slice(0, 300)}`, ctx.http.lastExchange?.response);
      if (key in rows) fail(`two Entities of ${database} have the row key ${JSON.stringify(key)}`, ctx.http.lastExchange?.response);
      rows[key] = entity;
    }
    out[type] = rows;
  }
  return out;
}

/** The comparable snapshot of a source's Databases (`view`: the schema when read already). */
export async function snapshot(ctx: CheckContext, space: string, databases: Record<string, string>, known?: SchemaView): Promise<Snapshot> {
  const view = known ?? (await readSchema(ctx));
  return comparable(view, await rawSnapshot(ctx, space, databases, view), space, databases);
}

/** The comparable form of a raw snapshot. */
export function comparable(view: SchemaView, raw: RawSnapshot, space: string, databases: Record<string, string>): Snapshot {
  const keyOfId = new Map<string, string>();
  for (const [type, rows] of Object.entries(raw)) for (const [key, entity] of Object.entries(rows)) keyOfId.set(String(entity['svc/id']), `${type}:${key}`);
  const prefix = `${space}/`;
  const out: Snapshot = {};
  for (const [type, database] of Object.entries(databases)) {
    const fields = dataFields(view.requireType(database, `the Database of type ${type}`));
    const rows: Record<string, JsonRecord> = {};
    for (const [key, entity] of Object.entries(raw[type] ?? {})) {
      const values: JsonRecord = {};
      for (const field of fields) {
        const name = field['svc/name'];
        const short = name.startsWith(prefix) ? name.slice(prefix.length) : name;
        if (TRANSPORT_FIELDS.has(short)) continue;
        const value = entity[name];
        switch (fieldShape(view, field)) {
          case 'enum':
            values[short] = enumName(value);
            break;
          case 'enum-many':
            values[short] = enumNames(value);
            break;
          case 'relation':
          case 'relations':
          case 'user':
          case 'users':
            values[short] = refs(value).map((id) => keyOfId.get(id) ?? `outside:${id}`).sort();
            break;
          default:
            values[short] = short === 'deleted in source' && (value === null || value === undefined) ? 'no' : (value ?? null);
        }
      }
      rows[key] = values;
    }
    out[type] = rows;
  }
  return out;
}

/** Where two snapshots differ (at most `limit` lines). */
export function differences(left: Snapshot, right: Snapshot, names: [string, string], limit = 12): string[] {
  const out: string[] = [];
  for (const type of new Set([...Object.keys(left), ...Object.keys(right)])) {
    const l = left[type] ?? {};
    const r = right[type] ?? {};
    for (const key of new Set([...Object.keys(l), ...Object.keys(r)])) {
      if (!(key in l)) out.push(`${type} ${key}: only in ${names[1]}`);
      else if (!(key in r)) out.push(`${type} ${key}: only in ${names[0]}`);
      else {
        for (const field of new Set([...Object.keys(l[key] ?? {}), ...Object.keys(r[key] ?? {})])) {
          const a = JSON.stringify(l[key]?.[field] ?? null);
          const b = JSON.stringify(r[key]?.[field] ?? null);
          if (a !== b) out.push(`${type} ${key} ${field}: ${names[0]} ${a}, ${names[1]} ${b}`);
        }
      }
    }
  }
  return out.slice(0, limit);
}
