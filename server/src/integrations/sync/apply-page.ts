// Applies one page of converted rows to a source type's Database, inside the page's transaction:
// a `SET` row creates its Entity or changes the fields whose values differ (an unchanged row
// writes nothing, so repeating a sync changes nothing); a `REMOVE` row removes its Entity, or
// marks it `deleted in source` when the protection rule keeps it. Relation links of integration
// relations are set later, by the link pass (their target may come in a later type).
import type { Queryable } from '../../db/database.js';
import { decodeContent } from '../../documents/formats.js';
import { writeDocuments, type DocumentWriteInput } from '../../documents/store.js';
import type { Catalog, FieldDef, TypeDef } from '../../model/catalog.js';
import { insertEntity, updateEntity, type WriteObserver } from '../../model/entity-writer.js';
import { RICH_TEXT_SECRET } from '../../model/field-types.js';
import { encodeValue } from '../../model/value-codec.js';
import { matchUsers, resolveOptions } from '../mapping/index.js';
import type { ConvertedRow, TypeMapping } from '../types.js';
import { deleteKeys, entitiesOfKeys, insertKeys, touchKeys } from './key-store.js';
import { removeOrMark } from './protection.js';
import type { SyncStats } from './run-store.js';

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

function placeholders(count: number, from: number): string {
  return Array.from({ length: count }, (_, i) => `$${i + from}`).join(', ');
}

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
    const mine = field.relationEnd === 'b' ? 'b' : 'a';
    const theirs = mine === 'a' ? 'b' : 'a';
    const { rows: links } = await tx.query<{ owner: string; target: string; position: unknown }>(
      `SELECT ${mine} AS owner, ${theirs} AS target, position FROM links WHERE relation_id = $1 AND ${mine} IN (${placeholders(ids.length, 2)})`,
      [field.relationId, ...ids],
    );
    links.sort((x, y) => Number(x.position) - Number(y.position));
    for (const link of links) {
      const entity = current.get(link.owner);
      if (!entity) continue;
      entity.links.set(field.name, [...(entity.links.get(field.name) ?? []), link.target]);
    }
  }
  return current;
}

function sameTargets(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const sorted = [...b].sort();
  return [...a].sort().every((id, i) => id === sorted[i]);
}

/** The field values a SET row writes, by workspace field name (relations as references). */
async function inputOf(tx: Queryable, row: ConvertedRow, input: PageInput): Promise<Record<string, unknown>> {
  const values: Record<string, unknown> = { ...row.values, [input.mapping.deletedInSourceField]: 'no' };
  for (const relation of row.relations) values[relation.keyField] = relation.keys.length === 0 ? null : relation.multi ? JSON.stringify(relation.keys) : relation.keys[0];
  for (const select of row.selects) {
    const ids = await resolveOptions(tx, input.authorId, select);
    values[select.field] = select.multi ? ids.map(ref) : ids[0] ? ref(ids[0]) : null;
  }
  for (const people of row.people) {
    const ids = await matchUsers(tx, people.match, people.values);
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

/** Applies the page's rows in order; the last row of a key wins. */
export async function applyPage(tx: Queryable, catalog: Catalog, input: PageInput, observer: WriteObserver, stats: SyncStats): Promise<void> {
  const { mapping, sourceId, runId } = input;
  const type = catalog.type(mapping.database);
  const linkFields = Object.values(mapping.fields)
    .filter((m) => m.kind === 'select' || m.kind === 'people')
    .map((m) => type.fieldsByName.get(m.field))
    .filter((f): f is FieldDef => f !== undefined && f.storage === 'link');
  const keys = input.rows.map((r) => r.key);
  const known = await entitiesOfKeys(tx, sourceId, mapping.appType, keys);
  const current = await loadCurrent(tx, type, linkFields, [...new Set(known.values())]);
  // A key whose Entity was deleted by hand is synchronized as a new row.
  const stale = [...known].filter(([, id]) => !current.has(id)).map(([key]) => key);
  if (stale.length > 0) {
    await deleteKeys(tx, sourceId, mapping.appType, stale);
    for (const key of stale) known.delete(key);
  }
  const richText = Object.values(mapping.fields).filter((m) => m.kind === 'rich-text');
  const documents: DocumentWriteInput[] = [];
  const delivered = new Set<string>();
  for (const row of input.rows) {
    const entityId = known.get(row.key);
    if (row.syncAction === 'REMOVE') {
      if (!entityId) continue;
      const { removed, marked } = await removeOrMark(tx, catalog, mapping, [entityId], observer);
      if (removed.length > 0) {
        await deleteKeys(tx, sourceId, mapping.appType, [row.key]);
        known.delete(row.key);
        current.delete(entityId);
        delivered.delete(row.key);
        stats.removed += 1;
      }
      if (marked.length > 0) {
        delivered.add(row.key);
        stats.markedDeleted += 1;
      }
      continue;
    }
    const values = await inputOf(tx, row, input);
    let secrets: Record<string, unknown>;
    if (!entityId) {
      const created = await insertEntity(tx, catalog, type.name, values, input.authorId, observer, { writeReadOnly: true });
      const id = created['svc/id'] as string;
      await insertKeys(tx, sourceId, mapping.appType, runId, [{ key: row.key, entityId: id }]);
      known.set(row.key, id);
      const data: Record<string, unknown> = {};
      for (const field of type.fields) {
        const value = created[field.name];
        if (field.storage === 'value' && value && typeof value === 'object' && RICH_TEXT_SECRET in value) data[field.key as string] = (value as Record<string, unknown>)[RICH_TEXT_SECRET];
      }
      current.set(id, { id, data, links: new Map() });
      secrets = data;
      stats.created += 1;
    } else {
      const entity = current.get(entityId) as CurrentEntity;
      const changed = changedFields(type, entity, values);
      if (Object.keys(changed).length > 0) {
        await updateEntity(tx, catalog, type.name, { 'svc/id': entityId, ...changed }, observer, { writeReadOnly: true });
        for (const [name, value] of Object.entries(changed)) {
          const field = type.fieldsByName.get(name);
          if (!field) continue;
          if (field.storage === 'link') entity.links.set(name, value === null ? [] : Array.isArray(value) ? value.map((v) => (v as { 'svc/id': string })['svc/id']) : [(value as { 'svc/id': string })['svc/id']]);
          else entity.data[field.key as string] = encodeValue(field, value);
        }
        stats.updated += 1;
      }
      secrets = entity.data;
      delivered.add(row.key);
    }
    for (const text of row.richText) {
      const field = type.fieldsByName.get(text.field);
      const secret = field ? secrets[field.key as string] : undefined;
      if (typeof secret === 'string') documents.push({ secret, doc: decodeContent(text.content, text.format, secret) });
    }
  }
  if (richText.length > 0 && documents.length > 0) await writeDocuments(tx, documents);
  await touchKeys(tx, sourceId, mapping.appType, runId, [...delivered]);
  stats.pages += 1;
  stats.rows += input.rows.length;
}
