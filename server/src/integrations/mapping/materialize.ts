// Creates in the workspace what a source's mapping needs and is missing (spec/integrations.md,
// "Names" and "Fields"): one Database per chosen type with its fields, enum types with their
// options, the Icons and Avatar extensions, both ends of integration relations, `deleted in
// source` and `__syncAction`. What exists is reused and never changed (MAP-005): the Databases
// and fields of the previous mapping stay as they are, only new schema fields are created.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import type { FieldMeta } from '../../api/spec-types.js';
import { loadCatalog, type Catalog, type FieldDef } from '../../model/catalog.js';
import { AVATAR_FIELD, AVATAR_MIXIN, ICON_FIELD, ICON_MIXIN, RICH_TEXT_TYPE, USER_TYPE } from '../../model/field-types.js';
import { createField, createType, installMixins, type FieldSpec } from '../../model/schema-writer.js';
import type { AppSchema, AppSchemaField, AppTypeSchema, FieldMapping, SourceMapping, TypeMapping, ValueKind } from '../types.js';
import { checkAppSchema } from './check-schema.js';
import { createOptionsEnum } from './enum-options.js';
import { classifyField, keyFieldOf, SYNC_ACTION_FIELD, titleFieldOf, type FieldKind } from './field-kinds.js';
import { databaseName, DELETED_IN_SOURCE, displayName, fieldName, selectEnumName, workflowEnumName } from './names.js';
import { optionsOf } from './options.js';

/** `integration/locked?`: a field the app marks read-only; renaming or deleting it is refused (APP-010). */
export const LOCKED_META = 'integration/locked?';
export const HIDDEN_META = 'svc/hidden?';
const RELATION_META = 'svc/relation';

export interface MaterializeArgs {
  space: string;
  /** The chosen types, in synchronization order (`name`: from the app's config). */
  types: { id: string; name: string }[];
  schema: AppSchema;
  /** The mapping of an earlier run (null for a new source). */
  previous: SourceMapping | null;
  /** Author of the enum options created. */
  authorId: string;
}

/** The workspace field type of each primitive value kind. */
const VALUE_FIELD_TYPES: Record<ValueKind, string> = {
  text: 'svc/text',
  url: 'svc/url',
  email: 'svc/email',
  bool: 'svc/bool',
  integer: 'svc/integer',
  decimal: 'svc/decimal',
  date: 'svc/date',
  'date-time': 'svc/date-time',
  'date-range': 'svc/date-range',
  'date-time-range': 'svc/date-time-range',
  location: 'svc/location',
};

/** One type being materialized. */
interface Work {
  appType: string;
  typeName: string;
  schema: AppTypeSchema;
  /** Fields of the previous mapping, when its Database is reused. */
  previous: Record<string, FieldMapping>;
  /** Enum types of the previous mapping's select fields (reused even when the Database is new). */
  previousEnums: Map<string, string>;
  /** The Database's fields when the run began (a run only adds fields). */
  existing: ReadonlyMap<string, FieldDef>;
  /** Every field name of the Database, those created by this run included. */
  names: Set<string>;
  hasTitle: boolean;
  mapping: TypeMapping;
  own: Set<string>;
}

/** The workspace fields a field mapping names on its Database (the shared mixin fields aside). */
function namesOf(mapping: FieldMapping): string[] {
  if (mapping.kind === 'icon' || mapping.kind === 'avatar') return [];
  return mapping.kind === 'relation' ? [mapping.keyField, mapping.field].filter((n) => n !== '') : [mapping.field];
}

const collection = (yes: boolean): FieldMeta => (yes ? { 'svc/collection?': true } : {});

/** `svc/hidden?` for `ignore` (APP-009), `integration/locked?` for `readonly` (APP-010). */
function flagsOf(field: AppSchemaField): FieldMeta {
  return { ...(field.ignore === true ? { [HIDDEN_META]: true } : {}), ...(field.readonly === true ? { [LOCKED_META]: true } : {}) };
}

class Materializer {
  private readonly works = new Map<string, Work>();
  /** Every type name of the workspace, those created by this run included. */
  private typeNames = new Set<string>();

  constructor(
    private readonly tx: Queryable,
    private readonly args: MaterializeArgs,
  ) {}

  /** A new field named `<Space>/<base>` (made unique) on the Database of `work`; answers its name. */
  private async newField(work: Work, base: string, spec: Omit<FieldSpec, 'name'>): Promise<string> {
    const name = fieldName(this.args.space, base, (n) => work.names.has(n));
    await createField(this.tx, work.mapping.database, { name, ...spec });
    work.names.add(name);
    work.own.add(name);
    if (spec.meta?.['ui/title?'] === true) work.hasTitle = true;
    return name;
  }

  /** True when the Database had the field `name` of type `type` (`undefined`: any type) when the run began. */
  private kept(work: Work, name: string, type?: string): boolean {
    const field = work.existing.get(name);
    return field !== undefined && (type === undefined || field.fieldType === type);
  }

  /** The previous mapping of a field, when every workspace field it names is still there with its type. */
  private stillThere(work: Work, previous: FieldMapping | undefined): boolean {
    if (!previous) return false;
    switch (previous.kind) {
      case 'value':
        return this.kept(work, previous.field, VALUE_FIELD_TYPES[previous.value]);
      case 'rich-text':
        return this.kept(work, previous.field, RICH_TEXT_TYPE);
      case 'icon':
      case 'avatar':
        return this.kept(work, previous.field);
      case 'select':
        return this.kept(work, previous.field, previous.enumType);
      case 'files':
        return this.kept(work, previous.field, 'file/file');
      case 'people':
        return this.kept(work, previous.field, USER_TYPE);
      case 'relation':
        return this.kept(work, previous.keyField, 'svc/text');
      case 'sync-action':
        return this.kept(work, previous.field, 'svc/text');
    }
  }

  async run(): Promise<SourceMapping> {
    const catalog = await loadCatalog(this.tx);
    this.typeNames = new Set(catalog.byName.keys());
    for (const type of this.args.types) await this.materializeType(catalog, type);
    for (const work of this.works.values()) await this.materializeRelations(work);
    const types: Record<string, TypeMapping> = {};
    for (const work of this.works.values()) types[work.appType] = { ...work.mapping, ownFields: [...work.own].filter((name) => work.names.has(name)) };
    return { types };
  }

  private async materializeType(catalog: Catalog, type: { id: string; name: string }): Promise<void> {
    const { tx, args } = this;
    const schema = args.schema[type.id] as AppTypeSchema;
    const previous = args.previous?.types[type.id];
    const existing = previous === undefined ? undefined : catalog.byName.get(previous.database);
    const reused = previous !== undefined && existing?.kind === 'domain';
    const typeName = displayName(type.name, type.id);
    let database: string;
    if (reused) database = previous.database;
    else {
      database = databaseName(args.space, typeName, (n) => this.typeNames.has(n));
      await createType(tx, { name: database });
      this.typeNames.add(database);
    }
    const fields = reused && existing ? existing.fields : (await loadCatalog(tx)).type(database).fields;
    const work: Work = {
      appType: type.id,
      typeName,
      schema,
      previous: reused ? previous.fields : {},
      previousEnums: new Map(Object.entries(previous?.fields ?? {}).flatMap(([id, m]) => (m.kind === 'select' ? [[id, m.enumType]] : []))),
      existing: new Map(fields.map((f) => [f.name, f])),
      names: new Set(fields.map((f) => f.name)),
      hasTitle: fields.some((f) => f.meta['ui/title?'] === true),
      mapping: { appType: type.id, database, keyField: keyFieldOf(schema), deletedInSourceField: '', fields: {}, ownFields: [] },
      own: new Set(reused ? previous.ownFields : []),
    };
    this.works.set(type.id, work);
    const previousFlag = reused ? previous.deletedInSourceField : undefined;
    if (previousFlag && this.kept(work, previousFlag, 'svc/text')) work.mapping.deletedInSourceField = previousFlag;
    else {
      if (previousFlag) work.own.delete(previousFlag);
      work.mapping.deletedInSourceField = await this.newField(work, DELETED_IN_SOURCE, { type: 'svc/text' });
    }
    const previousAction = work.previous[SYNC_ACTION_FIELD];
    if (previousAction?.kind === 'sync-action' && this.stillThere(work, previousAction)) work.mapping.fields[SYNC_ACTION_FIELD] = { ...previousAction };
    else {
      if (previousAction) for (const name of namesOf(previousAction)) work.own.delete(name);
      const field = await this.newField(work, SYNC_ACTION_FIELD, { type: 'svc/text', meta: { [HIDDEN_META]: true } });
      work.mapping.fields[SYNC_ACTION_FIELD] = { kind: 'sync-action', field };
    }
    const titleField = titleFieldOf(schema);
    for (const [id, field] of Object.entries(schema)) {
      if (id === SYNC_ACTION_FIELD) continue;
      work.mapping.fields[id] = await this.materializeField(work, id, field, classifyField(id, field, work.mapping.keyField), id === titleField);
    }
  }

  /** `ui/title?` for the title field, unless the Database has a title already. */
  private titleMeta(work: Work, isTitle: boolean): FieldMeta {
    return isTitle && !work.hasTitle ? { 'ui/title?': true } : {};
  }

  private async materializeField(work: Work, id: string, field: AppSchemaField, kind: FieldKind, isTitle: boolean): Promise<FieldMapping> {
    const previous = work.previous[id];
    // An existing field is kept as it is, whatever the schema says now (MAP-005).
    const there = this.stillThere(work, previous);
    if (previous && there && (previous.kind !== 'relation' || kind.kind !== 'relation')) return { ...previous };
    // A field of that name now is not the sync's (an administrator replaced it).
    if (previous && !there) for (const name of namesOf(previous)) work.own.delete(name);
    const name = displayName(field.name, id);
    const flags = flagsOf(field);
    switch (kind.kind) {
      case 'key': {
        const meta = { ...flags, 'svc/readonly?': true, [LOCKED_META]: true, ...this.titleMeta(work, isTitle) };
        return { kind: 'value', value: 'text', field: await this.newField(work, name, { type: 'svc/text', meta }) };
      }
      case 'value': {
        const format = field.format ? { 'svc/format': { ...field.format } } : {};
        const meta = { ...flags, ...format, ...this.titleMeta(work, isTitle) };
        return { kind: 'value', value: kind.value, field: await this.newField(work, name, { type: kind.fieldType, meta }) };
      }
      case 'rich-text':
        return { kind: 'rich-text', format: kind.format, field: await this.newField(work, name, { type: RICH_TEXT_TYPE, meta: flags }) };
      case 'icon':
      case 'avatar': {
        const [mixin, mixinField] = kind.kind === 'icon' ? [ICON_MIXIN, ICON_FIELD] : [AVATAR_MIXIN, AVATAR_FIELD];
        await installMixins(this.tx, { [work.mapping.database]: [mixin] });
        work.names.add(mixinField);
        work.own.add(mixinField);
        return { kind: kind.kind, field: mixinField };
      }
      case 'select':
        return this.selectField(work, id, field, kind, name, flags);
      case 'files':
        return { kind: 'files', multi: kind.multi, field: await this.newField(work, name, { type: 'file/file', meta: { ...flags, ...collection(true) } }) };
      case 'people': {
        const meta = { ...flags, ...collection(kind.multi) };
        return { kind: 'people', multi: kind.multi, match: kind.match, field: await this.newField(work, name, { type: USER_TYPE, meta }) };
      }
      case 'relation': {
        const keyField =
          previous?.kind === 'relation' && this.kept(work, previous.keyField, 'svc/text')
            ? previous.keyField
            : await this.newField(work, `${name} key`, { type: 'svc/text', meta: { ...flags, [HIDDEN_META]: true } });
        // The relation field is created once every Database exists (materializeRelations).
        return { kind: 'relation', keyField, field: '', targetAppType: kind.targetAppType, multi: kind.multi };
      }
      case 'sync-action':
        throw new Error(`${SYNC_ACTION_FIELD} is materialized with its Database`);
    }
  }

  private async selectField(work: Work, id: string, field: AppSchemaField, kind: Extract<FieldKind, { kind: 'select' }>, name: string, flags: FieldMeta): Promise<FieldMapping> {
    const database = work.mapping.database;
    const chosen = fieldName(this.args.space, name, (n) => work.names.has(n));
    const previousEnum = work.previousEnums.get(id);
    let enumType: string;
    if (previousEnum !== undefined && (await loadCatalog(this.tx)).byName.get(previousEnum)?.kind === (kind.workflow ? 'workflow' : 'enum')) enumType = previousEnum;
    else {
      const taken = (n: string) => this.typeNames.has(n);
      enumType = kind.workflow ? workflowEnumName(database, taken) : selectEnumName(this.args.space, chosen, database, taken);
      await createOptionsEnum(this.tx, enumType, kind.workflow, optionsOf(id, field, kind.workflow), this.args.authorId);
      this.typeNames.add(enumType);
    }
    await createField(this.tx, database, { name: chosen, type: enumType, meta: { ...flags, ...collection(kind.multi) } });
    work.names.add(chosen);
    work.own.add(chosen);
    return { kind: 'select', field: chosen, enumType, multi: kind.multi, workflow: kind.workflow };
  }

  /**
   * The relation field of each integration relation whose target type is part of the source, and
   * the other end on the target's Database (MAP-049, MAP-050); a relation to a type outside the
   * source keeps only its key field (`field` stays '').
   */
  private async materializeRelations(work: Work): Promise<void> {
    for (const [id, mapping] of Object.entries(work.mapping.fields)) {
      if (mapping.kind !== 'relation') continue;
      const target = this.works.get(mapping.targetAppType);
      if (!target) continue;
      const previous = work.previous[id];
      if (previous?.kind === 'relation' && previous.field && this.kept(work, previous.field, target.mapping.database)) {
        mapping.field = previous.field;
        continue;
      }
      if (previous?.kind === 'relation' && previous.field) work.own.delete(previous.field);
      const field = work.schema[id] as AppSchemaField;
      const kind = classifyField(id, field, work.mapping.keyField) as Extract<FieldKind, { kind: 'relation' }>;
      const relationId = randomUUID();
      const locked = field.readonly === true ? { [LOCKED_META]: true } : {};
      mapping.field = await this.newField(work, displayName(field.relation?.name, displayName(field.name, id)), {
        type: target.mapping.database,
        meta: { [RELATION_META]: relationId, ...collection(kind.multi), ...locked },
      });
      await this.newField(target, displayName(field.relation?.targetName, work.typeName), {
        type: work.mapping.database,
        meta: { [RELATION_META]: relationId, ...collection(kind.targetCollection), ...locked },
      });
    }
  }
}

/**
 * Creates what the mapping needs and is missing, in the open transaction `tx`, and answers the
 * full mapping (JSON-serialisable). Refuses a schema checkAppSchema refuses, before any change.
 */
export async function materializeMapping(tx: Queryable, args: MaterializeArgs): Promise<SourceMapping> {
  checkAppSchema(args.schema, args.types.map((t) => t.id));
  return new Materializer(tx, args).run();
}
