// The protection rule (contract, "States and transitions"): an Entity that no longer exists in the
// external system is removed, unless it has a value in a field an administrator added (a field the
// sync did not create) or non-empty content in a rich text field; then it stays and its
// `deleted in source` field is set to `yes` (SYNC-004..006).
import type { Node as PMNode } from 'prosemirror-model';
import type { Queryable } from '../../db/database.js';
import { readDocuments } from '../../documents/store.js';
import type { Catalog, TypeDef } from '../../model/catalog.js';
import { deleteEntity, updateEntity, type WriteObserver } from '../../model/entity-writer.js';
import { RICH_TEXT_TYPE, SYSTEM_FIELD_NAMES } from '../../model/field-types.js';
import { chunks, placeholders } from '../../db/sql-lists.js';
import type { TypeMapping } from '../types.js';

const CHUNK = 500;

function hasContent(doc: PMNode | undefined): boolean {
  if (!doc) return false;
  if (doc.textContent.trim() !== '') return true;
  let leaf = false;
  doc.descendants((node) => {
    if (node.isLeaf && !node.isText && node.type.name !== 'hard_break') leaf = true;
    return !leaf;
  });
  return leaf;
}

/** The Entities among `ids` that the protection rule keeps. */
export async function protectedEntities(tx: Queryable, type: TypeDef, mapping: TypeMapping, ids: readonly string[]): Promise<Set<string>> {
  const own = new Set(mapping.ownFields);
  const adminValueFields = type.fields.filter((f) => f.storage === 'value' && !SYSTEM_FIELD_NAMES.has(f.name) && !own.has(f.name) && f.fieldType !== RICH_TEXT_TYPE);
  const adminLinkFields = type.fields.filter((f) => f.storage === 'link' && !SYSTEM_FIELD_NAMES.has(f.name) && !own.has(f.name));
  const richText = type.fields.filter((f) => f.fieldType === RICH_TEXT_TYPE);
  const kept = new Set<string>();
  for (const part of chunks(ids, CHUNK)) {
    const list = placeholders(part.length);
    const { rows } = await tx.query<{ id: string; data: Record<string, unknown> }>(`SELECT id, data FROM entities WHERE id IN (${list})`, part);
    const secrets = new Map<string, string[]>();
    for (const row of rows) {
      const data = row.data ?? {};
      if (adminValueFields.some((f) => data[f.key as string] !== undefined && data[f.key as string] !== null && data[f.key as string] !== '')) kept.add(row.id);
      secrets.set(row.id, richText.map((f) => data[f.key as string]).filter((s): s is string => typeof s === 'string'));
    }
    for (const field of adminLinkFields) {
      const end = field.relationEnd === 'b' ? 'b' : 'a';
      const { rows: linked } = await tx.query<{ id: string }>(
        `SELECT DISTINCT ${end} AS id FROM links WHERE relation_id = $${part.length + 1} AND ${end} IN (${list})`,
        [...part, field.relationId],
      );
      for (const row of linked) kept.add(row.id);
    }
    const pending = [...secrets].filter(([id]) => !kept.has(id));
    const docs = await readDocuments(tx, pending.flatMap(([, s]) => s));
    for (const [id, list2] of pending) if (list2.some((secret) => hasContent(docs.get(secret.toLowerCase())))) kept.add(id);
  }
  return kept;
}

/** Removes the Entities, or marks those the rule protects; answers which were removed and which marked. */
export async function removeOrMark(
  tx: Queryable,
  catalog: Catalog,
  mapping: TypeMapping,
  ids: readonly string[],
  observer: WriteObserver,
): Promise<{ removed: string[]; marked: string[] }> {
  const type = catalog.type(mapping.database);
  const existing = new Map<string, Record<string, unknown>>();
  for (const part of chunks(ids, CHUNK)) {
    const { rows } = await tx.query<{ id: string; data: Record<string, unknown> }>(
      `SELECT id, data FROM entities WHERE type_id = $1 AND id IN (${placeholders(part.length, 2)})`,
      [type.id, ...part],
    );
    for (const row of rows) existing.set(row.id, row.data ?? {});
  }
  const live = ids.filter((id) => existing.has(id));
  const kept = await protectedEntities(tx, type, mapping, live);
  const removed: string[] = [];
  const marked: string[] = [];
  const flag = type.fieldsByName.get(mapping.deletedInSourceField);
  for (const id of live) {
    if (kept.has(id)) {
      if (flag && existing.get(id)?.[flag.key as string] !== 'yes') await updateEntity(tx, catalog, type.name, { 'svc/id': id, [flag.name]: 'yes' }, observer, { writeReadOnly: true });
      marked.push(id);
    } else {
      await deleteEntity(tx, catalog, type.name, id, observer);
      removed.push(id);
    }
  }
  return { removed, marked };
}
