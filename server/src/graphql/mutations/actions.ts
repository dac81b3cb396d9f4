// The actions of `<T>Operations`, each carried out by the write path of the command API (the
// Entity writer of server/src/model: `svc.entity/create`, `svc.entity/update`,
// `svc.entity/delete`, `svc.entity/add-collection-items`, `svc.entity/remove-collection-items`)
// and the document store (the documents endpoints), so values are checked, and webhook effects
// recorded, exactly as there.
import { randomUUID } from 'node:crypto';
import type { Node as PMNode } from 'prosemirror-model';
import { Failure } from '../../api/failure.js';
import type { Queryable } from '../../db/database.js';
import { decodeContent } from '../../documents/formats.js';
import { DOCUMENT_LIMIT_BYTES, tooLarge } from '../../documents/limits.js';
import { readDocuments, writeDocuments, type DocumentWriteInput } from '../../documents/store.js';
import type { Catalog } from '../../model/catalog.js';
import { addLinks, deleteEntity, insertEntities, removeLinks, updateEntity, type WriteObserver } from '../../model/entity-writer.js';
import { RICH_TEXT_SECRET } from '../../model/field-types.js';
import type { FieldModel } from '../space-model.js';
import type { ActionModel, ContentEdit, DatabaseMutations } from './model.js';
import { documentSecrets, linkedIds, matchingIds, MAX_MUTATION_TARGETS } from './targets.js';
import { entityValues, relationValueInvalid, type EntityValues } from './values.js';

export interface MutationResult {
  message: string;
  entities: Array<{ id: string; type: string }>;
  documents: Array<{ secret: string }>;
}

/** What the actions of one root mutation field share: its transaction and the Entities it acts on. */
export interface ActionScope {
  tx: Queryable;
  catalog: Catalog;
  db: DatabaseMutations;
  authorId: string;
  changes: WriteObserver;
  /** The root field's filter arguments. */
  filter: Record<string, unknown>;
  /** Entities made by this root field's create actions (once any ran, the actions act on them). */
  created: string[] | undefined;
  /** The Entities the filter selected (read once, on first use). */
  selected: string[] | undefined;
  where: string;
}

type RichTextField = Extract<FieldModel, { kind: 'richText' }>;

function plural(n: number, label: string): string {
  return `${n} ${label}${n === 1 ? '' : ' items'}`;
}

/** The Entities the next action acts on: those created so far, else those the filter selects. */
async function targets(scope: ActionScope): Promise<string[]> {
  if (scope.created) return scope.created;
  scope.selected ??= await matchingIds(scope.tx, scope.catalog, scope.db.target, scope.filter, scope.where);
  return scope.selected;
}

function result(scope: ActionScope, message: string, ids: readonly string[], secrets: readonly string[] = [], type = scope.db.target.type.name): MutationResult {
  return { message, entities: ids.map((id) => ({ id, type })), documents: secrets.map((secret) => ({ secret })) };
}

function batchItems(args: Record<string, unknown>): Array<Record<string, unknown>> {
  const data = args['data'];
  const items = Array.isArray(data) ? (data as Array<Record<string, unknown>>) : [];
  if (items.length > MAX_MUTATION_TARGETS) {
    throw new Failure('request.error/invalid-body', `data holds ${items.length} items; a batch action takes at most ${MAX_MUTATION_TARGETS}.`, { field: 'data' });
  }
  return items;
}

/** The secret of each target's document of `field`; an Entity without one gets one (set as `svc.entity/update` would). */
async function secretsOf(scope: ActionScope, field: RichTextField, ids: readonly string[]): Promise<Map<string, string>> {
  const found = await documentSecrets(scope.tx, scope.catalog, scope.db.target, field.field, ids);
  const out = new Map<string, string>();
  for (const id of ids) {
    let secret = found.get(id);
    if (!secret) {
      secret = randomUUID();
      await updateEntity(scope.tx, scope.catalog, scope.db.target.type.name, { 'svc/id': id, [field.field.name]: { [RICH_TEXT_SECRET]: secret } }, scope.changes);
    }
    out.set(id, secret.toLowerCase());
  }
  return out;
}

/** Edits the document of `field` of each Entity with Markdown content (several edits apply in order). */
async function editDocuments(scope: ActionScope, field: RichTextField, ids: readonly string[], edits: ReadonlyArray<[ContentEdit, string]>): Promise<string[]> {
  if (ids.length === 0 || edits.length === 0) return [];
  const parsed = edits.map(([edit, markdown]): [ContentEdit, PMNode] => [edit, decodeContent(markdown, 'md')]);
  const secrets = await secretsOf(scope, field, ids);
  const unique = [...new Set(secrets.values())];
  const current = parsed.some(([edit]) => edit !== 'overwrite') ? await readDocuments(scope.tx, unique) : new Map<string, PMNode>();
  const writes: DocumentWriteInput[] = [];
  for (const secret of unique) {
    let doc = current.get(secret);
    for (const [edit, content] of parsed) {
      if (edit === 'overwrite' || !doc) doc = content;
      else if (edit === 'append') doc = doc.type.create(doc.attrs, doc.content.append(content.content));
      else doc = doc.type.create(doc.attrs, content.content.append(doc.content));
    }
    // Stryker disable next-line ConditionalExpression: parsed is never empty here (edits checked above)
    if (!doc) continue;
    // An edit may not grow a document past what one write may hold (its JSON form), as an append of the documents endpoint.
    const bytes = Buffer.byteLength(JSON.stringify(doc.toJSON()));
    if (bytes > DOCUMENT_LIMIT_BYTES.json) throw tooLarge(bytes, 'json', secret);
    writes.push({ secret, doc });
  }
  await writeDocuments(scope.tx, writes);
  return unique;
}

async function writeRichText(scope: ActionScope, ids: readonly string[], richText: EntityValues['richText'], db: DatabaseMutations = scope.db): Promise<string[]> {
  const secrets: string[] = [];
  // The documents of another Database's Entities (a relation action's) are found through its type.
  const on = db === scope.db ? scope : { ...scope, db };
  for (const [input, markdown] of richText) secrets.push(...(await editDocuments(on, input.field, ids, [['overwrite', markdown ?? '']])));
  return secrets;
}

async function create(scope: ActionScope, items: Array<Record<string, unknown>>, where: string): Promise<MutationResult> {
  const { tx, catalog, db } = scope;
  const values: EntityValues[] = [];
  for (const [i, item] of items.entries()) values.push(await entityValues(tx, catalog, db.inputs, item, items.length > 1 ? `${where}.data[${i}]` : where));
  const entities = values.length === 0 ? [] : await insertEntities(tx, catalog, db.target.type.name, values.map((v) => v.entity), scope.authorId, scope.changes, { inputIndexes: values.map((_, i) => i) });
  const ids = entities.map((e) => String(e['svc/id']));
  const secrets: string[] = [];
  for (const [i, v] of values.entries()) secrets.push(...(await writeRichText(scope, [ids[i] as string], v.richText)));
  scope.created = [...(scope.created ?? []), ...ids];
  return result(scope, `Create: ${plural(ids.length, db.target.label)} added`, ids, secrets);
}

async function update(scope: ActionScope, items: Array<Record<string, unknown>>, where: string): Promise<MutationResult> {
  const { tx, catalog, db } = scope;
  const ids = await targets(scope);
  const secrets = new Set<string>();
  for (const [i, item] of items.entries()) {
    const { entity, richText } = await entityValues(tx, catalog, db.inputs, item, items.length > 1 ? `${where}.data[${i}]` : where);
    if (Object.keys(entity).length > 0) for (const id of ids) await updateEntity(tx, catalog, db.target.type.name, { ...entity, 'svc/id': id }, scope.changes);
    for (const secret of await writeRichText(scope, ids, richText)) secrets.add(secret);
  }
  return result(scope, `Update: ${plural(ids.length, db.target.label)} updated`, ids, [...secrets]);
}

async function remove(scope: ActionScope): Promise<MutationResult> {
  const ids = await targets(scope);
  for (const id of ids) await deleteEntity(scope.tx, scope.catalog, scope.db.target.type.name, id, scope.changes);
  // What was deleted is no longer there to act on.
  if (scope.created) scope.created = [];
  else scope.selected = [];
  return result(scope, `Delete: ${plural(ids.length, scope.db.target.label)} deleted`, ids);
}

const EDIT_TITLES: Record<ContentEdit, string> = { append: 'Append content to', prepend: 'Prepend content to', overwrite: 'Overwrite' };

async function content(scope: ActionScope, field: RichTextField, edit: ContentEdit, values: string[]): Promise<MutationResult> {
  const ids = await targets(scope);
  const secrets = await editDocuments(scope, field, ids, values.map((v) => [edit, v]));
  return result(scope, `${EDIT_TITLES[edit]} ${field.name}: ${field.name} updated for ${plural(ids.length, scope.db.target.label)}`, ids, secrets);
}

async function link(scope: ActionScope, field: Extract<FieldModel, { kind: 'object' }>, filter: Record<string, unknown>, where: string): Promise<MutationResult> {
  const { tx, catalog, db } = scope;
  const ids = await targets(scope);
  const chosen = await matchingIds(tx, catalog, field.target, filter, where);
  if (field.many ? chosen.length === 0 : chosen.length !== 1) throw relationValueInvalid(field.field.name, field.many ? `${where}[]` : where, field.target.type.name, chosen.length);
  for (const id of ids) {
    if (!field.many) {
      // As `svc.entity/update` with the relation's new value.
      await updateEntity(tx, catalog, db.target.type.name, { 'svc/id': id, [field.field.name]: { 'svc/id': chosen[0] } }, scope.changes);
      continue;
    }
    // As `svc.entity/add-collection-items`.
    const links = await addLinks(tx, catalog, field.field, id, chosen);
    scope.changes.record({ kind: 'links', type: db.target.type, id, links }, catalog);
  }
  return result(scope, `Link ${field.name}: ${plural(chosen.length, field.target.label)} linked to ${plural(ids.length, db.target.label)}`, ids);
}

async function unlink(scope: ActionScope, field: Extract<FieldModel, { kind: 'object' }>, filter: Record<string, unknown>, where: string): Promise<MutationResult> {
  const { tx, catalog, db } = scope;
  const ids = await targets(scope);
  const given = Object.values(filter).some((v) => v !== null && v !== undefined);
  if (!given) {
    // No filter: the relation is emptied, as `svc.entity/update` with null (or an empty collection).
    for (const id of ids) await updateEntity(tx, catalog, db.target.type.name, { 'svc/id': id, [field.field.name]: field.many ? [] : null }, scope.changes);
    return result(scope, `Unlink ${field.name}: ${field.name} emptied for ${plural(ids.length, db.target.label)}`, ids);
  }
  const chosen = await matchingIds(tx, catalog, field.target, filter, where);
  for (const id of ids) {
    // As `svc.entity/remove-collection-items` (for a to-one field: its one value, when it matches).
    const links = await removeLinks(tx, field.field, id, chosen);
    if (links.length > 0) scope.changes.record({ kind: 'links', type: db.target.type, id, links }, catalog);
  }
  return result(scope, `Unlink ${field.name}: ${plural(chosen.length, field.target.label)} unlinked from ${plural(ids.length, db.target.label)}`, ids);
}

type RelationField = Extract<FieldModel, { kind: 'object' }>;

/** `add<F>` / `add<F>Item`: per selected Entity, one Entity of the target Database, created as `svc.entity/create` and then linked. */
async function addRelated(scope: ActionScope, field: RelationField, target: DatabaseMutations, args: Record<string, unknown>, where: string): Promise<MutationResult> {
  const { tx, catalog, db } = scope;
  const ids = await targets(scope);
  const values = await entityValues(tx, catalog, target.inputs, args, where);
  const created =
    ids.length === 0
      ? []
      : await insertEntities(tx, catalog, target.target.type.name, ids.map(() => structuredClone(values.entity)), scope.authorId, scope.changes, { inputIndexes: ids.map((_, i) => i) });
  const newIds = created.map((e) => String(e['svc/id']));
  const secrets = await writeRichText(scope, newIds, values.richText, target);
  for (const [i, id] of ids.entries()) {
    const child = newIds[i] as string;
    if (!field.many) {
      await updateEntity(tx, catalog, db.target.type.name, { 'svc/id': id, [field.field.name]: { 'svc/id': child } }, scope.changes);
      continue;
    }
    const links = await addLinks(tx, catalog, field.field, id, [child]);
    scope.changes.record({ kind: 'links', type: db.target.type, id, links }, catalog);
  }
  return result(scope, `Add ${field.name}: ${plural(newIds.length, target.target.label)} added to ${plural(ids.length, db.target.label)}`, newIds, secrets, target.target.type.name);
}

/** `update<F>`: `update` on every Entity the relation of the selected Entities links to. */
async function updateRelated(scope: ActionScope, field: RelationField, target: DatabaseMutations, args: Record<string, unknown>, where: string): Promise<MutationResult> {
  const { tx, catalog, db } = scope;
  const linked = await linkedIds(tx, catalog, db.target, field.field, await targets(scope), where);
  const { entity, richText } = await entityValues(tx, catalog, target.inputs, args, where);
  if (Object.keys(entity).length > 0) for (const id of linked) await updateEntity(tx, catalog, target.target.type.name, { ...entity, 'svc/id': id }, scope.changes);
  const secrets = await writeRichText(scope, linked, richText, target);
  return result(scope, `Update ${field.name}: ${plural(linked.length, target.target.label)} updated`, linked, secrets, target.target.type.name);
}

/** `delete<F>`: deletes the Entities the relation of the selected Entities links to (of a collection: those matching the filter, if one is given). */
async function deleteRelated(scope: ActionScope, field: RelationField, target: DatabaseMutations, filter: Record<string, unknown>, where: string): Promise<MutationResult> {
  const { tx, catalog, db } = scope;
  let linked = await linkedIds(tx, catalog, db.target, field.field, await targets(scope), where);
  if (Object.values(filter).some((v) => v !== null && v !== undefined)) {
    const matching = new Set(await matchingIds(tx, catalog, target.target, filter, where));
    linked = linked.filter((id) => matching.has(id));
  }
  for (const id of linked) await deleteEntity(tx, catalog, target.target.type.name, id, scope.changes);
  // A selected or created Entity of the same Database may be among those deleted: it is no longer there to act on.
  if (target === db) {
    const gone = new Set(linked);
    if (scope.created) scope.created = scope.created.filter((id) => !gone.has(id));
    if (scope.selected) scope.selected = scope.selected.filter((id) => !gone.has(id));
  }
  return result(scope, `Delete ${field.name}: ${plural(linked.length, target.target.label)} deleted`, linked, [], target.target.type.name);
}

/** Runs one action with its coerced arguments. */
export async function runAction(scope: ActionScope, action: ActionModel, args: Record<string, unknown>, where: string): Promise<MutationResult> {
  switch (action.kind) {
    case 'create':
      return create(scope, action.batch ? batchItems(args) : [args], where);
    case 'update':
      return update(scope, action.batch ? batchItems(args) : [args], where);
    case 'delete':
      return remove(scope);
    case 'content': {
      const values = action.batch ? batchItems(args).map((item) => String(item['value'] ?? '')) : [String(args['value'] ?? '')];
      return content(scope, action.field, action.edit, values);
    }
    case 'link':
      return link(scope, action.field, args, where);
    case 'unlink':
      return unlink(scope, action.field, args, where);
    case 'related':
      if (action.op === 'add') return addRelated(scope, action.field, action.target, args, where);
      if (action.op === 'update') return updateRelated(scope, action.field, action.target, args, where);
      return deleteRelated(scope, action.field, action.target, args, where);
  }
}
