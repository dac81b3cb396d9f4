/**
 * The schema side of the in-memory workspace model: which Databases and fields exist, of which
 * kind, and how relation ends pair up. Also the test Databases every model-based check builds
 * (`testNames`, `testSchema`) and the `svc.schema/batch` operations that create them.
 */
import type { components } from '../../../generated/service/types.js';

type Schemas = components['schemas'];
export type SchemaOperation = Schemas['SchemaOperation'];
export type FieldDefinition = Schemas['FieldDefinition'];
export type FieldMeta = Schemas['FieldMeta'];

/** How the values of a field compare (spec/query-semantics.md, "Values"). */
export type ValueKind = 'uuid' | 'public-id' | 'text' | 'integer' | 'decimal' | 'bool' | 'date' | 'date-time';

export type SystemFieldName = 'svc/id' | 'svc/public-id' | 'svc/creation-date' | 'svc/modification-date' | 'svc/created-by';

export const USER_TYPE = 'svc/user';

export interface ValueField {
  kind: 'value';
  name: string;
  valueKind: ValueKind;
  /** Set on the system fields. */
  system?: SystemFieldName;
}

export interface RelationField {
  kind: 'relation';
  name: string;
  /** The related Database (`svc/user` for `svc/created-by`). */
  target: string;
  collection: boolean;
  /** The relation's UUID, shared by both ends; absent on `svc/created-by`. */
  relation?: string;
  system?: SystemFieldName;
}

export type ModelField = ValueField | RelationField;

export interface ModelType {
  name: string;
  fields: ModelField[];
}

export interface ModelSchema {
  types: ModelType[];
}

/** Workspace field type of each value kind written by the test Databases. */
export const FIELD_TYPE_OF: Record<Exclude<ValueKind, 'public-id'>, string> = {
  uuid: 'svc/uuid',
  text: 'svc/text',
  integer: 'svc/integer',
  decimal: 'svc/decimal',
  bool: 'svc/bool',
  date: 'svc/date',
  'date-time': 'svc/date-time',
};

/** The system fields every Database has (spec: Entity system fields). */
export function systemFields(): ModelField[] {
  return [
    { kind: 'value', name: 'svc/id', valueKind: 'uuid', system: 'svc/id' },
    { kind: 'value', name: 'svc/public-id', valueKind: 'public-id', system: 'svc/public-id' },
    { kind: 'value', name: 'svc/creation-date', valueKind: 'date-time', system: 'svc/creation-date' },
    { kind: 'value', name: 'svc/modification-date', valueKind: 'date-time', system: 'svc/modification-date' },
    { kind: 'relation', name: 'svc/created-by', target: USER_TYPE, collection: false, system: 'svc/created-by' },
  ];
}

/** Look-ups over a ModelSchema. */
export class SchemaIndex {
  private readonly types = new Map<string, ModelType>();
  private readonly fields = new Map<string, Map<string, ModelField>>();
  private readonly ends = new Map<string, Array<{ type: ModelType; field: RelationField }>>();

  constructor(readonly schema: ModelSchema) {
    for (const type of schema.types) {
      this.types.set(type.name, type);
      const byName = new Map<string, ModelField>();
      for (const field of type.fields) {
        byName.set(field.name, field);
        if (field.kind === 'relation' && field.relation !== undefined) {
          const list = this.ends.get(field.relation) ?? [];
          list.push({ type, field });
          this.ends.set(field.relation, list);
        }
      }
      this.fields.set(type.name, byName);
    }
  }

  type(name: string): ModelType | undefined {
    return this.types.get(name);
  }

  field(typeName: string, fieldName: string): ModelField | undefined {
    return this.fields.get(typeName)?.get(fieldName);
  }

  /** Both ends of a relation, in schema order: `[0]` is the "a" end, `[1]` the "b" end. */
  relationEnds(relation: string): Array<{ type: ModelType; field: RelationField }> {
    return this.ends.get(relation) ?? [];
  }

  /** The other end of a relation field (undefined for one-ended relations and `svc/created-by`). */
  inverse(typeName: string, field: RelationField): { type: ModelType; field: RelationField } | undefined {
    if (field.relation === undefined) return undefined;
    const ends = this.relationEnds(field.relation);
    const mine = ends.findIndex((e) => e.type.name === typeName && e.field.name === field.name);
    return mine === -1 ? undefined : ends[1 - mine];
  }

  /** Which end of its relation a field is (`a` or `b`). */
  endOf(typeName: string, field: RelationField): 'a' | 'b' {
    const ends = field.relation === undefined ? [] : this.relationEnds(field.relation);
    const index = ends.findIndex((e) => e.type.name === typeName && e.field.name === field.name);
    return index === 1 ? 'b' : 'a';
  }
}

// ---------------------------------------------------------------- the test Databases

/** Names of the two test Databases and their fields, under one Space. */
export interface TestNames {
  space: string;
  items: string;
  groups: string;
  /** Items: text (title), integer, decimal, bool, date, date-time. */
  title: string;
  count: string;
  amount: string;
  done: string;
  due: string;
  at: string;
  /** Items -> Groups, to-one (many-to-one); its collection end is `members`. */
  group: string;
  /** Items <-> Groups, both ends collections (many-to-many); the other end is `tagged`. */
  tags: string;
  /** Groups: text, integer. */
  name: string;
  rank: string;
  members: string;
  tagged: string;
}

export function testNames(space: string): TestNames {
  return {
    space,
    items: `${space}/Items`,
    groups: `${space}/Groups`,
    title: `${space}/Title`,
    count: `${space}/Count`,
    amount: `${space}/Amount`,
    done: `${space}/Done`,
    due: `${space}/Due`,
    at: `${space}/At`,
    group: `${space}/Group`,
    tags: `${space}/Tags`,
    name: `${space}/Name`,
    rank: `${space}/Rank`,
    members: `${space}/Members`,
    tagged: `${space}/Tagged`,
  };
}

export interface RelationIds {
  /** Items.group / Groups.members. */
  group: string;
  /** Items.tags / Groups.tagged. */
  tags: string;
}

export function testSchema(names: TestNames, relations: RelationIds): ModelSchema {
  return {
    types: [
      {
        name: names.items,
        fields: [
          ...systemFields(),
          { kind: 'value', name: names.title, valueKind: 'text' },
          { kind: 'value', name: names.count, valueKind: 'integer' },
          { kind: 'value', name: names.amount, valueKind: 'decimal' },
          { kind: 'value', name: names.done, valueKind: 'bool' },
          { kind: 'value', name: names.due, valueKind: 'date' },
          { kind: 'value', name: names.at, valueKind: 'date-time' },
          { kind: 'relation', name: names.group, target: names.groups, collection: false, relation: relations.group },
          { kind: 'relation', name: names.tags, target: names.groups, collection: true, relation: relations.tags },
        ],
      },
      {
        name: names.groups,
        fields: [
          ...systemFields(),
          { kind: 'value', name: names.name, valueKind: 'text' },
          { kind: 'value', name: names.rank, valueKind: 'integer' },
          { kind: 'relation', name: names.members, target: names.items, collection: true, relation: relations.group },
          { kind: 'relation', name: names.tagged, target: names.items, collection: true, relation: relations.tags },
        ],
      },
    ],
  };
}

/** The system fields spelled out as clients send them in `schema.type/create` (SCHEMA-018). */
export function spelledSystemFields(): FieldDefinition[] {
  return [
    { 'svc/name': 'svc/id', 'svc/type': 'svc/uuid', 'svc/meta': { 'svc/id?': true, 'svc/readonly?': true, 'svc/required?': true } },
    { 'svc/name': 'svc/public-id', 'svc/type': 'svc/string', 'svc/meta': { 'svc/readonly?': true } },
    { 'svc/name': 'svc/creation-date', 'svc/type': 'svc/date-time', 'svc/meta': { 'svc/readonly?': true, 'svc/default-value': '$now' } },
    { 'svc/name': 'svc/modification-date', 'svc/type': 'svc/date-time', 'svc/meta': { 'svc/default-value': '$now' } },
  ];
}

export interface CreateOptions {
  /** Spell the system fields out in `schema.type/create` (default: own fields only). */
  spellSystemFields?: boolean;
}

/**
 * `svc.schema/batch` operations creating the Databases of a schema: one `schema.type/create` per
 * Database with its value fields, then one `schema.field/create` per relation end (both ends of a
 * relation share its `svc/relation` UUID; collection ends carry `svc/collection?: true`).
 */
export function createOperations(schema: ModelSchema, options: CreateOptions = {}): SchemaOperation[] {
  const ops: SchemaOperation[] = [];
  for (const type of schema.types) {
    const own: FieldDefinition[] = [];
    for (const field of type.fields) {
      if (field.system !== undefined || field.kind !== 'value' || field.valueKind === 'public-id') continue;
      own.push({ 'svc/name': field.name, 'svc/type': FIELD_TYPE_OF[field.valueKind], ...(field.valueKind === 'text' && own.length === 0 ? { 'svc/meta': { 'ui/title?': true } } : {}) });
    }
    ops.push({
      command: 'schema.type/create',
      args: { 'svc/name': type.name, 'svc/meta': { 'svc/domain?': true }, 'svc/fields': options.spellSystemFields ? [...spelledSystemFields(), ...own] : own },
    });
  }
  for (const type of schema.types) {
    for (const field of type.fields) {
      if (field.kind !== 'relation' || field.system !== undefined || field.relation === undefined) continue;
      const meta: FieldMeta = { 'svc/relation': field.relation, ...(field.collection ? { 'svc/collection?': true } : {}) };
      ops.push({ command: 'schema.field/create', args: { 'svc/holder-type': type.name, 'svc/name': field.name, 'svc/type': field.target, 'svc/meta': meta } });
    }
  }
  return ops;
}

/** `schema.type/delete` that takes the type's Entities and the fields relating to it along (the public API's flags). */
export function typeDelete(name: string): SchemaOperation {
  return { command: 'schema.type/delete', args: { name, 'delete-entities?': true, 'delete-related-fields?': true } };
}

/** `schema.field/delete` that takes the field's values along (the public API's flag). */
export function fieldDelete(holderType: string, name: string): SchemaOperation {
  return { command: 'schema.field/delete', args: { 'holder-type': holderType, name, 'delete-values?': true } };
}

/** `schema.type/delete` of every Database of a schema. */
export function deleteOperations(schema: ModelSchema): SchemaOperation[] {
  return schema.types.map((type) => typeDelete(type.name));
}
