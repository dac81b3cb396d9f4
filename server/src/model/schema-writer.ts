// Changes to the workspace schema: Spaces, types with their entity tables, fields (columns or
// relation ends), enum types, mixins. Every change bumps the workspace version.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.js';
import type { EnumValue, FieldMeta, TypeMeta } from '../api/spec-types.js';
import { Failure } from '../api/failure.js';
import { loadCatalog, type FieldDef, type TypeDef, type TypeKind } from './catalog.js';
import { deleteWebhooksOfType } from '../webhooks/store.js';
import {
  AVATAR_FIELD,
  AVATAR_MIXIN,
  COMMENT_TYPE,
  COMMENTS_FIELD,
  COMMENTS_MIXIN,
  FILE_FIELDS,
  FILE_TYPE,
  FILES_FIELD,
  FILES_MIXIN,
  ICON_FIELD,
  ICON_MIXIN,
  RANK_MIXIN,
  SYSTEM_FIELDS,
  SYSTEM_FIELD_NAMES,
  USER_TYPE,
  canonicalFieldType,
  isPrimitiveFieldType,
  mixinNames,
} from './field-types.js';
import { insertEntity } from './entity-writer.js';

export interface FieldSpec {
  name: string;
  type: string;
  meta?: FieldMeta;
}

export interface TypeSpec {
  name: string;
  /** The id the client gives the type (public API); a new one when absent. */
  id?: string;
  kind?: TypeKind;
  meta?: TypeMeta;
  fields?: FieldSpec[];
}

const NAME = /^[^\s/][^/]{0,99}\/\S.{0,199}$/;

/** The next position of a Database or field (unique: a value field's storage key is made of it). */
async function nextPosition(tx: Queryable, table: 'types' | 'fields'): Promise<number> {
  const counter = table === 'types' ? 'next_type_position' : 'next_field_position';
  const { rows } = await tx.query<{ p: number }>(`UPDATE workspace SET ${counter} = ${counter} + 1 WHERE id = 1 RETURNING ${counter} - 1 AS p`);
  const position = Number(rows[0]?.p);
  if (!Number.isInteger(position)) throw new Error(`no ${counter} in the workspace row`);
  return position;
}

export async function bumpVersion(tx: Queryable): Promise<void> {
  await tx.query('UPDATE workspace SET version = version + 1 WHERE id = 1');
}

async function ensureSpace(tx: Queryable, name: string): Promise<string> {
  const found = await tx.query<{ id: string }>('SELECT id FROM spaces WHERE name = $1', [name]);
  if (found.rows[0]) return found.rows[0].id;
  const id = randomUUID();
  await tx.query('INSERT INTO spaces (id, name, created_at) VALUES ($1, $2, now())', [id, name]);
  return id;
}

async function typeByName(tx: Queryable, name: string): Promise<TypeDef | undefined> {
  return (await loadCatalog(tx)).byName.get(name);
}

export async function createType(tx: Queryable, spec: TypeSpec): Promise<TypeDef> {
  if (!NAME.test(spec.name)) {
    throw new Failure('schema.error/definition-invalid', `A type name is written "<Space>/<Database>"; "${spec.name}" is not.`, { field: 'svc/name' });
  }
  if (await typeByName(tx, spec.name)) {
    throw new Failure('schema.error/type-exists', `A type named "${spec.name}" exists already.`, { name: spec.name });
  }
  const kind = spec.kind ?? 'domain';
  const spaceName = spec.name.slice(0, spec.name.indexOf('/'));
  const spaceId = kind === 'system' ? null : await ensureSpace(tx, spaceName);
  const id = spec.id?.toLowerCase() ?? randomUUID();
  if (spec.id !== undefined) {
    const taken = await tx.query('SELECT 1 FROM types WHERE id = $1 UNION ALL SELECT 1 FROM fields WHERE id = $1', [id]);
    if (taken.rows.length > 0) throw new Failure('schema.error/definition-invalid', `The id ${id} is taken by a type or field already; give the new type another svc/id, or none.`, { field: 'svc/id' });
  }
  const position = await nextPosition(tx, 'types');
  const meta: TypeMeta = {
    ...(kind === 'domain' ? { 'svc/domain?': true } : {}),
    ...(kind === 'enum' || kind === 'workflow' ? { 'svc/enum?': true } : {}),
    ...spec.meta,
    // Installed below, after the fields: listed as each one is installed.
    'app/mixins': [],
  };
  await tx.query('INSERT INTO types (id, name, space_id, kind, meta, position) VALUES ($1, $2, $3, $4, $5, $6)', [
    id,
    spec.name,
    spaceId,
    kind,
    JSON.stringify(meta),
    position,
  ]);
  for (const system of SYSTEM_FIELDS) {
    await tx.query(
      `INSERT INTO fields (id, type_id, name, field_type, storage, storage_key, meta, position) VALUES ($1, $2, $3, $4, 'system', $5, $6, $7)`,
      [randomUUID(), id, system.name, system.type, system.column, JSON.stringify(system.meta), await nextPosition(tx, 'fields')],
    );
  }
  await bumpVersion(tx);
  for (const field of spec.fields ?? []) {
    // Clients may spell the system fields out; they exist already.
    if (SYSTEM_FIELD_NAMES.has(field.name)) continue;
    await createField(tx, spec.name, field);
  }
  // Mixins named in the meta (list or map) are installed as svc.app/install-mixins does; fields
  // of theirs the client spelled out (a schema copied from another workspace) are kept.
  const mixins = mixinNames(spec.meta?.['app/mixins']);
  if (mixins.length > 0) await installMixins(tx, { [spec.name]: mixins }, 'svc/meta');
  const created = await typeByName(tx, spec.name);
  if (!created) throw new Error('type vanished');
  return created;
}

export async function createField(tx: Queryable, holderTypeName: string, given: FieldSpec): Promise<FieldDef> {
  const spec: FieldSpec = { ...given, type: canonicalFieldType(given.type) };
  const catalog = await loadCatalog(tx);
  const holder = catalog.byName.get(holderTypeName);
  if (!holder) throw new Failure('schema.error/type-not-found', `There is no type named "${holderTypeName}".`, { name: holderTypeName });
  if (holder.fieldsByName.has(spec.name)) {
    throw new Failure('schema.error/field-exists', `The type "${holderTypeName}" has a field "${spec.name}" already.`, {
      holderType: holderTypeName,
      name: spec.name,
    });
  }
  if (!spec.name || spec.name.length > 200) {
    throw new Failure('schema.error/definition-invalid', 'A field name must have 1 to 200 characters.', { field: 'svc/name' });
  }
  const meta: FieldMeta = { ...spec.meta };
  const isCollection = meta['svc/collection?'] === true;
  const id = randomUUID();
  const position = await nextPosition(tx, 'fields');
  if (isPrimitiveFieldType(spec.type)) {
    // The key never changes, so renaming a field touches no Entity.
    await tx.query(
      `INSERT INTO fields (id, type_id, name, field_type, storage, storage_key, is_collection, meta, position) VALUES ($1, $2, $3, $4, 'value', $5, $6, $7, $8)`,
      [id, holder.id, spec.name, spec.type, `f${position}`, isCollection, JSON.stringify(meta), position],
    );
  } else {
    const target = catalog.byName.get(spec.type);
    if (!target) {
      throw new Failure(
        'schema.error/definition-invalid',
        `The field type "${spec.type}" is neither a field type nor the name of a type.`,
        { field: 'svc/type', holderType: holderTypeName, name: spec.name },
      );
    }
    const relationId = typeof meta['svc/relation'] === 'string' ? meta['svc/relation'] : randomUUID();
    const ends = catalog.ends(relationId);
    if (ends.length >= 2) {
      throw new Failure('schema.error/definition-invalid', `The relation ${relationId} has two ends already.`, { field: 'svc/meta' });
    }
    const other = ends[0];
    if (other && (other.fieldType !== holder.name || catalog.byId.get(other.typeId)?.name !== target.name)) {
      throw new Failure(
        'schema.error/definition-invalid',
        `The relation ${relationId} links "${catalog.byId.get(other.typeId)?.name}" to "${other.fieldType}"; its second end must be a field of "${other.fieldType}" of type "${catalog.byId.get(other.typeId)?.name}".`,
        { field: 'svc/meta' },
      );
    }
    meta['svc/relation'] = relationId;
    await tx.query(
      `INSERT INTO fields (id, type_id, name, field_type, storage, relation_id, relation_end, is_collection, meta, position) VALUES ($1, $2, $3, $4, 'link', $5, $6, $7, $8, $9)`,
      [id, holder.id, spec.name, target.name, relationId, other ? 'b' : 'a', isCollection, JSON.stringify(meta), position],
    );
  }
  await bumpVersion(tx);
  const field = (await loadCatalog(tx)).byName.get(holderTypeName)?.fieldsByName.get(spec.name);
  if (!field) throw new Error('field vanished');
  return field;
}

export interface EnumSpec {
  name: string;
  workflow?: boolean;
  values?: EnumValue[];
  /** The client's meta of the type (`svc/type-component?`). */
  meta?: TypeMeta;
}

/** An enum type holding single select options or workflow states, with its values. */
export async function createEnumType(tx: Queryable, spec: EnumSpec, authorId: string): Promise<TypeDef> {
  const fields: FieldSpec[] = [
    { name: 'enum/name', type: 'svc/text', meta: { 'ui/title?': true, 'svc/required?': true } },
    { name: 'enum/color', type: 'svc/text' },
    { name: 'enum/icon', type: 'svc/text' },
    { name: 'svc/rank', type: 'svc/integer' },
    ...(spec.workflow ? [{ name: 'workflow/Final', type: 'svc/bool' }] : []),
  ];
  // The client's meta, but never over the keys the server keeps.
  const { 'svc/enum?': _enum, 'app/mixins': _mixins, ...given } = spec.meta ?? {};
  const type = await createType(tx, { name: spec.name, kind: spec.workflow ? 'workflow' : 'enum', fields, meta: given });
  const catalog = await loadCatalog(tx);
  for (const [rank, value] of (spec.values ?? []).entries()) {
    await insertEntity(tx, catalog, spec.name, { ...value, 'svc/rank': rank }, authorId);
  }
  return type;
}

/** What each mixin adds to the type it is installed on. */
const MIXIN_FIELDS: Record<string, FieldSpec> = {
  [RANK_MIXIN]: { name: 'svc/rank', type: 'svc/integer' },
  [ICON_MIXIN]: { name: ICON_FIELD, type: 'svc/text', meta: { 'svc/icon?': true } },
  [AVATAR_MIXIN]: { name: AVATAR_FIELD, type: 'file/file', meta: { 'svc/avatar?': true } },
};
const KNOWN_MIXINS = new Set([COMMENTS_MIXIN, FILES_MIXIN, ...Object.keys(MIXIN_FIELDS)]);
/** The public API's names of mixins, taken as these. */
const MIXIN_ALIASES: Readonly<Record<string, string>> = { 'icon/icon-mixin': ICON_MIXIN, 'avatar/avatar-mixin': AVATAR_MIXIN };

/** Installs mixins (`svc/rank-mixin`, the Comments extension) on types. */
export async function installMixins(tx: Queryable, types: Record<string, string[]>, argument = 'types'): Promise<TypeDef[]> {
  const changed: TypeDef[] = [];
  for (const [typeName, mixins] of Object.entries(types)) {
    for (const given of mixins) {
      const mixin = Object.hasOwn(MIXIN_ALIASES, given) ? (MIXIN_ALIASES[given] as string) : given;
      if (!KNOWN_MIXINS.has(mixin)) {
        throw new Failure('schema.error/definition-invalid', `Unknown mixin "${mixin}"; known: ${[...KNOWN_MIXINS].join(', ')}.`, { field: argument });
      }
      const type = await typeByName(tx, typeName);
      if (!type) throw new Failure('schema.error/type-not-found', `There is no type named "${typeName}".`, { name: typeName });
      if (mixinNames(type.meta['app/mixins']).includes(mixin)) continue;
      if (mixin === COMMENTS_MIXIN) {
        await ensureCommentType(tx);
        if (!type.fieldsByName.has(COMMENTS_FIELD)) await createField(tx, typeName, { name: COMMENTS_FIELD, type: COMMENT_TYPE, meta: { 'svc/collection?': true } });
      } else if (mixin === FILES_MIXIN) {
        await ensureFileType(tx);
        if (!type.fieldsByName.has(FILES_FIELD)) await createField(tx, typeName, { name: FILES_FIELD, type: FILE_TYPE, meta: { 'svc/collection?': true } });
      } else {
        const field = MIXIN_FIELDS[mixin] as FieldSpec;
        if (!type.fieldsByName.has(field.name)) await createField(tx, typeName, field);
      }
      const meta: TypeMeta = { ...type.meta, 'app/mixins': [...mixinNames(type.meta['app/mixins']), mixin] };
      await tx.query('UPDATE types SET meta = $1 WHERE id = $2', [JSON.stringify(meta), type.id]);
      await tx.query('INSERT INTO extensions (type_id, name, installed_at) VALUES ($1, $2, now())', [type.id, mixin]);
      await bumpVersion(tx);
    }
    const type = await typeByName(tx, typeName);
    if (type) changed.push(type);
  }
  return changed;
}

async function ensureCommentType(tx: Queryable): Promise<void> {
  if (await typeByName(tx, COMMENT_TYPE)) return;
  await createType(tx, {
    name: COMMENT_TYPE,
    kind: 'system',
    fields: [
      // Stryker disable next-line BooleanLiteral: not in the spec: the spec gives the comment type's fields and types (COMMENT-002, COMMENT-010), not their meta, and svc/required? is enforced nowhere
      { name: 'comment/document-secret', type: 'svc/uuid', meta: { 'svc/required?': true } },
      { name: 'comment/author', type: USER_TYPE },
    ],
  });
  await createField(tx, COMMENT_TYPE, { name: 'comments/parent', type: COMMENT_TYPE });
}

/** The type of stored files (`svc/file`), made with the first file or the Files extension. */
export async function ensureFileType(tx: Queryable): Promise<void> {
  // Takes the workspace row first (every schema write does): concurrent first files take turns.
  await tx.query('UPDATE workspace SET version = version WHERE id = 1');
  if (await typeByName(tx, FILE_TYPE)) return;
  await createType(tx, { name: FILE_TYPE, kind: 'system', fields: FILE_FIELDS.map((f) => ({ ...f, meta: { ...f.meta } })) });
}

/** The system types every workspace has (`svc/user`). */
export async function ensureSystemTypes(tx: Queryable): Promise<void> {
  if (await typeByName(tx, USER_TYPE)) return;
  await createType(tx, {
    name: USER_TYPE,
    kind: 'system',
    fields: [
      { name: 'user/email', type: 'svc/email' },
      { name: 'user/name', type: 'svc/text', meta: { 'ui/title?': true } },
    ],
  });
}

async function requireType(tx: Queryable, name: string): Promise<TypeDef> {
  const type = await typeByName(tx, name);
  if (!type) throw new Failure('schema.error/type-not-found', `There is no type named "${name}".`, { name });
  return type;
}

async function requireField(tx: Queryable, holderTypeName: string, name: string): Promise<[TypeDef, FieldDef]> {
  const type = await requireType(tx, holderTypeName);
  const field = type.fieldsByName.get(name);
  if (!field) {
    throw new Failure('schema.error/field-not-found', `The type "${holderTypeName}" has no field "${name}".`, { holderType: holderTypeName, name });
  }
  return [type, field];
}

const PROTECTED_TYPES = new Set([USER_TYPE, FILE_TYPE]);

/** Fields an integration app marks read-only (`integration/locked?`) keep their name and stay (APP-010). */
function refuseLocked(holderTypeName: string, field: FieldDef, change: 'renamed' | 'deleted', dataField: string): void {
  if (field.meta['integration/locked?'] !== true) return;
  throw new Failure(
    'schema.error/definition-invalid',
    `The field "${field.name}" of "${holderTypeName}" is synchronized from an integration app that marks it read-only; it cannot be ${change}.`,
    { field: dataField, holderType: holderTypeName, name: field.name },
  );
}

/** What `schema.type/delete` may delete with the type (the public API's flags; both off by default). */
export interface TypeDeleteFlags {
  deleteEntities?: boolean | undefined;
  deleteRelatedFields?: boolean | undefined;
}

/**
 * Deletes a type, its Entities, its fields and every relation end that points to it. A type with
 * Entities needs `deleteEntities`, one that other types' fields relate to `deleteRelatedFields`.
 * Its webhooks are deleted with it; the answer names them (`deletedWebhooks`).
 */
export async function deleteType(tx: Queryable, name: string, flags: TypeDeleteFlags = {}): Promise<TypeDef & { deletedWebhooks: number[] }> {
  const type = await requireType(tx, name);
  if (PROTECTED_TYPES.has(name)) throw new Failure('schema.error/definition-invalid', `The system type "${name}" cannot be deleted.`, { field: 'name' });
  const catalog = await loadCatalog(tx);
  const relationIds = new Set<string>();
  const doomedFields: FieldDef[] = [...type.fields];
  const relatedFields: FieldDef[] = [];
  for (const field of type.fields) if (field.relationId) relationIds.add(field.relationId);
  for (const other of catalog.types) {
    if (other.id === type.id) continue;
    for (const field of other.fields) {
      if (field.storage === 'link' && field.fieldType === name) {
        relatedFields.push(field);
        if (field.relationId) relationIds.add(field.relationId);
      }
    }
  }
  if (flags.deleteEntities !== true) {
    const count = await entityCount(tx, type.id);
    if (count > 0) {
      throw new Failure(
        'schema.error/type-has-entities',
        // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: the grammar of the message (Entity or Entities); the count and the flag it names stay
        `The type "${name}" has ${count} Entit${count === 1 ? 'y' : 'ies'}; pass "delete-entities?": true to delete them with it.`,
        { name, field: 'delete-entities?', count },
      );
    }
  }
  if (flags.deleteRelatedFields !== true && relatedFields.length > 0) {
    // Stryker disable next-line OptionalChaining,StringLiteral: unreachable: a field's holder type is in the catalog it was read from
    const holders = relatedFields.map((f) => ({ holderType: catalog.byId.get(f.typeId)?.name ?? '', name: f.name }));
    throw new Failure(
      'schema.error/type-has-related-fields',
      `Fields of other types relate to "${name}" (${holders.map((h) => `${h.holderType} ${JSON.stringify(h.name)}`).join(', ')}); pass "delete-related-fields?": true to delete them with it.`,
      { name, field: 'delete-related-fields?', fields: holders },
    );
  }
  doomedFields.push(...relatedFields);
  for (const relationId of relationIds) await tx.query('DELETE FROM links WHERE relation_id = $1', [relationId]);
  for (const field of doomedFields) await tx.query('DELETE FROM fields WHERE id = $1', [field.id]);
  await tx.query('DELETE FROM entities WHERE type_id = $1', [type.id]);
  await tx.query('DELETE FROM extensions WHERE type_id = $1', [type.id]);
  // The Database's webhooks go with it, in this transaction (WH-043): none is left reporting nothing.
  const deletedWebhooks = await deleteWebhooksOfType(tx, type.id);
  await tx.query('DELETE FROM types WHERE id = $1', [type.id]);
  await bumpVersion(tx);
  return { ...type, deletedWebhooks };
}

export async function renameType(tx: Queryable, fromName: string, toName: string): Promise<TypeDef> {
  const type = await requireType(tx, fromName);
  if (!NAME.test(toName)) throw new Failure('schema.error/definition-invalid', `A type name is written "<Space>/<Database>"; "${toName}" is not.`, { field: 'to-name' });
  if (await typeByName(tx, toName)) throw new Failure('schema.error/type-exists', `A type named "${toName}" exists already.`, { name: toName });
  const spaceId = type.kind === 'system' ? null : await ensureSpace(tx, toName.slice(0, toName.indexOf('/')));
  await tx.query('UPDATE types SET name = $1, space_id = $2 WHERE id = $3', [toName, spaceId, type.id]);
  await tx.query('UPDATE fields SET field_type = $1 WHERE field_type = $2', [toName, fromName]);
  await bumpVersion(tx);
  return (await typeByName(tx, toName)) as TypeDef;
}

/** How many Entities a type has (bounded: only whether there are any matters beyond the message). */
async function entityCount(tx: Queryable, typeId: string): Promise<number> {
  const { rows } = await tx.query<{ n: string | number }>('SELECT count(*) AS n FROM entities WHERE type_id = $1', [typeId]);
  // Stryker disable next-line OptionalChaining: count(*) always answers one row
  return Number(rows[0]?.n ?? 0);
}

/** Whether a field holds a value: a link of its relation, or an Entity's value other than null or `[]`. */
async function holdsValues(tx: Queryable, field: FieldDef): Promise<boolean> {
  if (field.relationId) {
    const { rows } = await tx.query('SELECT 1 FROM links WHERE relation_id = $1 LIMIT 1', [field.relationId]);
    return rows.length > 0;
  }
  // Stryker disable next-line all: unreachable: the catalogue gives every value field a storage key of letters, digits and _
  if (!field.key || !/^[a-z0-9_]+$/.test(field.key)) return false;
  const { rows } = await tx.query(`SELECT 1 FROM entities WHERE type_id = $1 AND (data->>'${field.key}') IS NOT NULL AND (data->>'${field.key}') <> '[]' LIMIT 1`, [field.typeId]);
  return rows.length > 0;
}

/** Deletes a field; one that holds values needs `deleteValues` (the public API's `delete-values?`). */
export async function deleteField(tx: Queryable, holderTypeName: string, name: string, deleteValues = false): Promise<FieldDef> {
  const [, field] = await requireField(tx, holderTypeName, name);
  if (field.storage === 'system') throw new Failure('schema.error/definition-invalid', `The system field "${name}" cannot be deleted.`, { field: 'name' });
  refuseLocked(holderTypeName, field, 'deleted', 'name');
  if (!deleteValues && (await holdsValues(tx, field))) {
    throw new Failure(
      'schema.error/field-has-values',
      `The field "${name}" of "${holderTypeName}" holds values; pass "delete-values?": true to delete them with it.`,
      { holderType: holderTypeName, name, field: 'delete-values?' },
    );
  }
  const catalog = await loadCatalog(tx);
  // Relation values stay while the other end of the relation still shows them.
  if (field.relationId && !catalog.inverse(field)) await tx.query('DELETE FROM links WHERE relation_id = $1', [field.relationId]);
  // Value keys are never reused, so values left under the key are unreachable; no data rewrite.
  await tx.query('DELETE FROM fields WHERE id = $1', [field.id]);
  await bumpVersion(tx);
  return field;
}

export async function renameField(tx: Queryable, holderTypeName: string, fromName: string, toName: string): Promise<FieldDef> {
  const [type, field] = await requireField(tx, holderTypeName, fromName);
  if (field.storage === 'system') throw new Failure('schema.error/definition-invalid', `The system field "${fromName}" cannot be renamed.`, { field: 'from-name' });
  refuseLocked(holderTypeName, field, 'renamed', 'from-name');
  if (type.fieldsByName.has(toName)) throw new Failure('schema.error/field-exists', `The type "${holderTypeName}" has a field "${toName}" already.`, { holderType: holderTypeName, name: toName });
  if (!toName || toName.length > 200) throw new Failure('schema.error/definition-invalid', 'A field name must have 1 to 200 characters.', { field: 'to-name' });
  await tx.query('UPDATE fields SET name = $1 WHERE id = $2', [toName, field.id]);
  await bumpVersion(tx);
  return { ...field, name: toName };
}

/** Replaces a field's meta; what the storage decides (relation id, collection) is kept. */
/** Sets one key of a field's meta, keeping the others (the public API's form of set-meta). */
export async function setFieldMetaKey(tx: Queryable, holderTypeName: string, name: string, key: string, value: unknown): Promise<FieldDef> {
  const [, field] = await requireField(tx, holderTypeName, name);
  return setFieldMeta(tx, holderTypeName, name, { ...field.meta, [key]: value });
}

export async function setFieldMeta(tx: Queryable, holderTypeName: string, name: string, meta: FieldMeta): Promise<FieldDef> {
  const [, field] = await requireField(tx, holderTypeName, name);
  const { 'svc/relation': _relation, 'svc/collection?': _collection, ...rest } = meta;
  // Stryker disable next-line BooleanLiteral: the schema view sets svc/collection? from is_collection (schema-view.ts), over whatever the stored meta says
  const kept: FieldMeta = { ...rest, ...(field.relationId ? { 'svc/relation': field.relationId } : {}), ...(field.isCollection ? { 'svc/collection?': true } : {}) };
  await tx.query('UPDATE fields SET meta = $1 WHERE id = $2', [JSON.stringify(kept), field.id]);
  await bumpVersion(tx);
  return { ...field, meta: kept };
}
