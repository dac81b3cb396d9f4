// Applies one page of converted rows to a source type's Database, inside the page's transaction:
// a `SET` row creates its Entity or changes the fields whose values differ (an unchanged row
// writes nothing, so repeating a sync changes nothing); a `REMOVE` row removes its Entity, or
// marks it `deleted in source` when the protection rule keeps it. Relation links of integration
// relations are set later, by the link pass (their target may come in a later type).
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import { decodeContent } from '../../documents/formats.js';
import { writeDocuments, type DocumentWriteInput } from '../../documents/store.js';
import type { Catalog, FieldDef, TypeDef } from '../../model/catalog.js';
import { insertEntities, updateEntity, type WriteObserver } from '../../model/entity-writer.js';
import { RICH_TEXT_SECRET } from '../../model/field-types.js';
import { encodeValue } from '../../model/value-codec.js';
import { matchUsers, resolveOptions } from '../mapping/index.js';
import type { ConvertedRow, TypeMapping } from '../types.js';
import { deleteKeys, entitiesOfKeys, insertKeys, touchKeys } from './key-store.js';
import { linkedTargets, sameTargets } from './linked-targets.js';
import { removeOrMark } from './protection.js';
import type { SyncStats } from './run-store.js';
import { placeholders } from '../../db/sql-lists.js';

export type FileValue = { 'file/name': string; 'file/url': string };

export interface PageInput {
  sourceId: string;
  mapping: TypeMapping;
  runId: number;
  authorId: string;
  rows: readonly ConvertedRow[];
  /** Stored file values by file key (saved earlier in the same transaction). */
  files: ReadonlyMap<string, FileValue>;
}

interface CurrentEntity {
  id: string;
  data: Record<string, unknown>;
  /** Target ids per relation field name. */
  links: Map<string, string[]>;
}

const ref = (id: string) => ({ 'svc/id': id });

/** The rows and the select/people relation values of existing Entities. */
async function loadCurrent(tx: Queryable, type: TypeDef, linkFields: FieldDef[], ids: string[]): Promise<Map<string, CurrentEntity>> {
  const current = new Map<string, CurrentEntity>();
  if (ids.length === 0) return current;
  const { rows } = await tx.query<{ id: string; data: Record<string, unknown> }>(
    `SELECT id, data FROM entities WHERE type_id = $1 AND id IN (${placeholders(ids.length, 2)})`,
    [type.id, ...ids],
  );
  for (const row of rows) current.set(row.id, { id: row.id, data: row.data ?? {}, links: new Map() });
  for (const field of linkFields) {
    for (const [owner, targets] of await linkedTargets(tx, field, ids)) current.get(owner)?.links.set(field.name, targets);
  }
  return current;
}

/** Option and user look-ups of one page, by their arguments (a page repeats the same few values). */
class LookupCache {
  private readonly cache = new Map<string, Promise<string[]>>();
  get(key: string, load: () => Promise<string[]>): Promise<string[]> {
    let found = this.cache.get(key);
    if (!found) {
      found = load();
      this.cache.set(key, found);
    }
    return found;
  }
}

/** The field values a SET row writes, by workspace field name (relations as references). */
async function inputOf(tx: Queryable, row: ConvertedRow, input: PageInput, lookups: LookupCache): Promise<Record<string, unknown>> {
  const values: Record<string, unknown> = { ...row.values, [input.mapping.deletedInSourceField]: 'no' };
  for (const relation of row.relations) values[relation.keyField] = relation.keys.length === 0 ? null : relation.multi ? JSON.stringify(relation.keys) : relation.keys[0];
  for (const select of row.selects) {
    const ids = await lookups.get(JSON.stringify(['option', select.enumType, select.workflow, select.multi, select.names]), () => resolveOptions(tx, input.authorId, select));
    values[select.field] = select.multi ? ids.map(ref) : ids[0] ? ref(ids[0]) : null;
  }
  for (const people of row.people) {
    const ids = await lookups.get(JSON.stringify(['people', people.match, people.values]), () => matchUsers(tx, people.match, people.values));
    values[people.field] = people.multi ? ids.map(ref) : ids[0] ? ref(ids[0]) : null;
  }
  for (const files of row.files) {
    const stored = files.files.map((f) => input.files.get(f.key)).filter((f): f is FileValue => f !== undefined);
    const kept = files.multi ? stored : stored.slice(0, 1);
    values[files.field] = kept.length > 0 ? kept : null;
  }
  return values;
}

/** The fields of `values` whose stored value differs from the Entity's. */
function changedFields(type: TypeDef, current: CurrentEntity, values: Record<string, unknown>): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const field = type.fieldsByName.get(name);
    if (!field) continue;
    if (field.storage === 'link') {
      const targets = value === null ? [] : Array.isArray(value) ? value.map((v) => (v as { 'svc/id': string })['svc/id']) : [(value as { 'svc/id': string })['svc/id']];
      if (!sameTargets(current.links.get(name) ?? [], targets)) changed[name] = value;
    } else {
      const next = JSON.stringify(encodeValue(field, value) ?? null);
      const stored = JSON.stringify(current.data[field.key as string] ?? null);
      if (next !== stored) changed[name] = value;
    }
  }
  return changed;
}

/** The last row of each key, in the order of their last appearance (each row is a whole state). */
function lastRowPerKey(rows: readonly ConvertedRow[]): ConvertedRow[] {
  const last = new Map<string, ConvertedRow>();
  for (const row of rows) {
    last.delete(row.key);
    last.set(row.key, row);
  }
  return [...last.values()];
}

/** Applies the page's rows; when a key comes more than once, its last row wins. */
export async function applyPage(tx: Queryable, catalog: Catalog, input: PageInput, observer: WriteObserver, stats: SyncStats): Promise<void> {
  const { mapping, sourceId, runId } = input;
  const type = catalog.type(mapping.database);
  const rows = lastRowPerKey(input.rows);
  const linkFields = Object.values(mapping.fields)
    .filter((m) => m.kind === 'select' || m.kind === 'people')
    .map((m) => type.fieldsByName.get(m.field))
    .filter((f): f is FieldDef => f !== undefined && f.storage === 'link');
  const known = await entitiesOfKeys(tx, sourceId, mapping.appType, rows.map((r) => r.key));
  const current = await loadCurrent(tx, type, linkFields, [...new Set(known.values())]);
  // A key whose Entity was deleted by hand is synchronized as a new row.
  const stale = [...known].filter(([, id]) => !current.has(id)).map(([key]) => key);
  if (stale.length > 0) {
    await deleteKeys(tx, sourceId, mapping.appType, stale);
    for (const key of stale) known.delete(key);
  }
  const lookups = new LookupCache();
  const documents: DocumentWriteInput[] = [];
  const delivered: string[] = [];
  const fresh: { row: ConvertedRow; values: Record<string, unknown> }[] = [];
  /** Key of each Entity a REMOVE row names. */
  const removals = new Map<string, string>();
  const queueDocuments = (row: ConvertedRow, data: Record<string, unknown>) => {
    for (const text of row.richText) {
      const field = type.fieldsByName.get(text.field);
      const secret = field ? data[field.key as string] : undefined;
      if (typeof secret === 'string') documents.push({ secret, doc: decodeContent(text.content, text.format, secret) });
    }
  };
  for (const row of rows) {
    const entityId = known.get(row.key);
    if (row.syncAction === 'REMOVE') {
      if (entityId) removals.set(entityId, row.key);
      continue;
    }
    const values = await inputOf(tx, row, input, lookups);
    if (!entityId) {
      fresh.push({ row, values });
      continue;
    }
    const entity = current.get(entityId) as CurrentEntity;
    const changed = changedFields(type, entity, values);
    // A rich text field the Entity has no document for (added to the Database after it, or cleared) gets one now, so the delivered content lands.
    const data = { ...entity.data };
    for (const text of row.richText) {
      const field = type.fieldsByName.get(text.field);
      if (!field || typeof data[field.key as string] === 'string') continue;
      const secret = randomUUID();
      data[field.key as string] = secret;
      changed[field.name] = { [RICH_TEXT_SECRET]: secret };
    }
    if (Object.keys(changed).length > 0) {
      await updateEntity(tx, catalog, type.name, { 'svc/id': entityId, ...changed }, observer, { writeReadOnly: true });
      stats.updated += 1;
    }
    queueDocuments(row, data);
    delivered.push(row.key);
  }
  if (removals.size > 0) {
    const { removed, marked } = await removeOrMark(tx, catalog, mapping, [...removals.keys()], observer);
    await deleteKeys(tx, sourceId, mapping.appType, removed.map((id) => removals.get(id) as string));
    delivered.push(...marked.map((id) => removals.get(id) as string));
    stats.removed += removed.length;
    stats.markedDeleted += marked.length;
  }
  if (fresh.length > 0) {
    const created = await insertEntities(tx, catalog, type.name, fresh.map((f) => f.values), input.authorId, observer, { writeReadOnly: true });
    await insertKeys(tx, sourceId, mapping.appType, runId, created.map((entity, i) => ({ key: fresh[i]?.row.key as string, entityId: entity['svc/id'] as string })));
    created.forEach((entity, i) => {
      const data: Record<string, unknown> = {};
      for (const field of type.fields) {
        const value = entity[field.name];
        if (field.storage === 'value' && value && typeof value === 'object' && RICH_TEXT_SECRET in value) data[field.key as string] = (value as Record<string, unknown>)[RICH_TEXT_SECRET];
      }
      queueDocuments(fresh[i]?.row as ConvertedRow, data);
    });
    stats.created += created.length;
  }
  if (documents.length > 0) await writeDocuments(tx, documents);
  await touchKeys(tx, sourceId, mapping.appType, runId, delivered);
  stats.pages += 1;
  stats.rows += input.rows.length;
}
