// What a Space's GraphQL schema exposes, worked out from the workspace schema before any GraphQL
// type exists (spec/graphql/README.md, "Generation rule"): its object types, their fields and how
// each reads, filters and orders. The schema builder prints it; the compiler reads queries with it.
import type { Catalog, FieldDef, TypeDef } from '../model/catalog.js';
import { AVATAR_FIELD, COMMENT_TYPE, COMMENTS_FIELD, ICON_FIELD, RANK_FIELD, RICH_TEXT_TYPE, USER_TYPE, isPrimitiveFieldType } from '../model/field-types.js';
import { derivedNames, fieldBaseName, firstFree, localPart, plainTypeName, queryBaseName, typeBaseName } from './naming.js';

export type ScalarName = 'ID' | 'String' | 'Int' | 'Float' | 'Boolean';

export const FILTER_OF: Record<ScalarName, string> = {
  ID: 'IDFilter',
  String: 'StringFilter',
  Int: 'IntFilter',
  Float: 'FloatFilter',
  Boolean: 'BooleanFilter',
};

/** How a field's value reads, filters and orders. */
export type FieldModel =
  /** A value of the Entity. `json`: ranges and location, given as stringified JSON. */
  | { kind: 'scalar'; name: string; field: FieldDef; scalar: ScalarName; json: boolean }
  /** A system field the type does not store (`rank` of a Database without a rank): always null. */
  | { kind: 'absent'; name: string; source: string; scalar: ScalarName }
  /**
   * A relation to an object type (a Database, the users, the comments, or the option type of a
   * single select, multi select or workflow field); `many`: an inner list.
   */
  | { kind: 'object'; name: string; field: FieldDef; target: ObjectModel; many: boolean }
  | { kind: 'files'; name: string; field: FieldDef }
  | { kind: 'richText'; name: string; field: FieldDef };

/** The workspace field a field model reads (its descriptions name it). */
export function sourceName(f: FieldModel): string {
  return f.kind === 'absent' ? f.source : f.field.name;
}

export type ObjectKind = 'database' | 'comment' | 'option' | 'user';

export interface ObjectModel {
  /** The GraphQL type name (`DemoTask`); its filter, collection filter and order inputs add a suffix. */
  name: string;
  kind: ObjectKind;
  /** The workspace type it reads. */
  type: TypeDef;
  /** `Task` for descriptions: the singular the type name was made from. */
  label: string;
  /** Whether the type is defined by common.graphql (the users) rather than generated. */
  common: boolean;
  /** Fields in schema order, by GraphQL name. */
  fields: Map<string, FieldModel>;
}

export interface QueryModel {
  name: string;
  target: ObjectModel;
}

export interface SpaceModel {
  space: string;
  /** Generated object types: Databases (by full name), then the comment type if used, then option types. */
  objects: ObjectModel[];
  queries: QueryModel[];
  user: ObjectModel;
}

/** Names of common.graphql, the built-in scalars and `Query`: never a generated type's name. */
export const COMMON_NAMES: ReadonlySet<string> = new Set([
  'Order',
  'StringFilter',
  'IntFilter',
  'FloatFilter',
  'BooleanFilter',
  'IDFilter',
  'File',
  'RichField',
  // Stryker disable next-line StringLiteral: a type named SvcUser derives SvcUserFilter, a name of common.graphql, so it gets SvcUser_2 all the same
  'SvcUser',
  'SvcUserFilter',
  'SvcUserOrder',
  'SvcUserCollectionFilter',
  'MutationResult',
  'Entity',
  'Document',
  'ContentInput',
  'Query',
  'Mutation',
  // Stryker disable next-line StringLiteral: each of these names X has an XFilter in common.graphql, which a type named X derives, so it gets X_2 all the same
  'String',
  // Stryker disable next-line StringLiteral: as above
  'Int',
  // Stryker disable next-line StringLiteral: as above
  'Float',
  // Stryker disable next-line StringLiteral: as above
  'Boolean',
  // Stryker disable next-line StringLiteral: as above
  'ID',
]);

/** Names taken in every Database type before its own fields are named (README, rule 6). */
const RESERVED_FIELD_NAMES = [
  'id',
  // Stryker disable next-line StringLiteral: every Database has these system fields, whose GraphQL fields take these names first
  'publicId',
  // Stryker disable next-line StringLiteral: as above
  'creationDate',
  // Stryker disable next-line StringLiteral: as above
  'modificationDate',
  'rank',
  'createdBy',
  'orderBy',
  'limit',
  'offset',
];

const SYSTEM_FIELD_NAMES: Record<string, string> = {
  'svc/id': 'id',
  'svc/public-id': 'publicId',
  'svc/creation-date': 'creationDate',
  'svc/modification-date': 'modificationDate',
  [RANK_FIELD]: 'rank',
  'svc/created-by': 'createdBy',
};

/** Extension fields that are not exposed (the Comments extension's collection is). */
const HIDDEN_EXTENSION_FIELDS: ReadonlySet<string> = new Set([ICON_FIELD, AVATAR_FIELD]);

const SCALAR_OF: Record<string, ScalarName> = {
  'svc/text': 'String',
  'svc/url': 'String',
  'svc/email': 'String',
  'svc/integer': 'Int',
  'svc/decimal': 'Float',
  'svc/bool': 'Boolean',
  'svc/date': 'String',
  'svc/date-time': 'String',
  'svc/date-range': 'String',
  'svc/date-time-range': 'String',
  'svc/location': 'String',
};
const JSON_TYPES: ReadonlySet<string> = new Set(['svc/date-range', 'svc/date-time-range', 'svc/location']);

/** The Databases of a Space: live domain types named `<Space>/...`, in ordinal order of name. */
export function spaceDatabases(catalog: Catalog, space: string): TypeDef[] {
  return catalog.types
    .filter((t) => !t.deleted && t.kind === 'domain' && t.name.startsWith(`${space}/`))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function userModel(catalog: Catalog): ObjectModel {
  const users = catalog.type(USER_TYPE);
  const scalar = (name: string, fieldName: string, scalarName: ScalarName): [string, FieldModel] => [
    name,
    { kind: 'scalar', name, field: catalog.field(users, fieldName), scalar: scalarName, json: false },
  ];
  return {
    name: 'SvcUser',
    kind: 'user',
    type: users,
    label: 'user',
    common: true,
    fields: new Map([
      scalar('id', 'svc/id', 'ID'),
      scalar('publicId', 'svc/public-id', 'String'),
      scalar('creationDate', 'svc/creation-date', 'String'),
      scalar('modificationDate', 'svc/modification-date', 'String'),
      scalar('email', 'user/email', 'String'),
      scalar('name', 'user/name', 'String'),
    ]),
  };
}

export function buildSpaceModel(catalog: Catalog, space: string): SpaceModel {
  const databases = spaceDatabases(catalog, space);
  const taken = new Set(COMMON_NAMES);
  const objects: ObjectModel[] = [];
  const byTypeId = new Map<string, ObjectModel>();
  const name = (base: string): string => {
    const chosen = firstFree(base, (candidate) => derivedNames(candidate).every((n) => !taken.has(n)));
    for (const n of derivedNames(chosen)) taken.add(n);
    return chosen;
  };
  const add = (type: TypeDef, kind: ObjectKind, base: string, label: string): void => {
    const object: ObjectModel = { name: name(base), kind, type, label, common: false, fields: new Map() };
    objects.push(object);
    byTypeId.set(type.id, object);
  };
  for (const type of databases) add(type, 'database', typeBaseName(type.name), typeBaseName(localPart(type.name)));
  const queryNames = new Set<string>();
  const queries = objects.map((target): QueryModel => {
    const chosen = firstFree(queryBaseName(target.type.name), (c) => !queryNames.has(c));
    queryNames.add(chosen);
    return { name: chosen, target };
  });
  // The comment type, when a Database of the Space has the Comments extension.
  const commentType = catalog.byName.get(COMMENT_TYPE);
  if (commentType && databases.some((d) => d.fieldsByName.get(COMMENTS_FIELD)?.fieldType === COMMENT_TYPE)) add(commentType, 'comment', plainTypeName(COMMENT_TYPE), 'comment');
  // The option types of the single select, multi select and workflow fields of the Databases, in order of their names.
  const optionTypes = new Map<string, TypeDef>();
  for (const database of databases) {
    for (const field of database.fields) {
      const target = field.storage === 'link' ? catalog.byName.get(field.fieldType) : undefined;
      if (target && !target.deleted && (target.kind === 'enum' || target.kind === 'workflow')) optionTypes.set(target.name, target);
    }
  }
  for (const type of [...optionTypes.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) add(type, 'option', plainTypeName(type.name), 'option');
  const user = userModel(catalog);
  for (const object of objects) fillFields(catalog, object, byTypeId, user);
  return { space, objects, queries, user };
}

/** The system fields of an Entity type, in order: id, publicId, creationDate, modificationDate, rank, createdBy (an option type: id, publicId, rank). */
function systemFields(object: ObjectModel, user: ObjectModel): FieldModel[] {
  const field = (name: string) => object.type.fieldsByName.get(name);
  const out: FieldModel[] = [];
  const scalar = (fieldName: string, scalarName: ScalarName): void => {
    const f = field(fieldName);
    const name = SYSTEM_FIELD_NAMES[fieldName] as string;
    if (f) out.push({ kind: 'scalar', name, field: f, scalar: scalarName, json: false });
    else out.push({ kind: 'absent', name, source: fieldName, scalar: scalarName });
  };
  scalar('svc/id', 'ID');
  scalar('svc/public-id', 'String');
  if (object.kind !== 'option') {
    scalar('svc/creation-date', 'String');
    scalar('svc/modification-date', 'String');
  }
  scalar(RANK_FIELD, 'Float');
  const createdBy = field('svc/created-by');
  if (object.kind !== 'option' && createdBy) out.push({ kind: 'object', name: 'createdBy', field: createdBy, target: user, many: false });
  return out;
}

/** The fields of an option type after its system fields: `icon`, `name` and, for a workflow, `final`. */
const OPTION_FIELDS: ReadonlyArray<[string, string, ScalarName]> = [
  ['enum/icon', 'icon', 'String'],
  ['enum/name', 'name', 'String'],
  ['workflow/Final', 'final', 'Boolean'],
];

function fillFields(catalog: Catalog, object: ObjectModel, byTypeId: Map<string, ObjectModel>, user: ObjectModel): void {
  const taken = new Set(RESERVED_FIELD_NAMES);
  for (const f of systemFields(object, user)) object.fields.set(f.name, f);
  if (object.kind === 'option') {
    for (const [fieldName, name, scalar] of OPTION_FIELDS) {
      const field = object.type.fieldsByName.get(fieldName);
      if (field) object.fields.set(name, { kind: 'scalar', name, field, scalar, json: false });
    }
    return;
  }
  const isComment = object.kind === 'comment';
  for (const field of object.type.fields) {
    if (field.storage === 'system' || SYSTEM_FIELD_NAMES[field.name] !== undefined) continue;
    const model = fieldModel(catalog, field, byTypeId, user, isComment);
    if (!model) continue;
    const chosen = firstFree(model.name, (c) => !taken.has(c));
    taken.add(chosen);
    object.fields.set(chosen, { ...model, name: chosen });
  }
}

/** How one workspace field is exposed, with its base name; undefined when it is not. */
function fieldModel(catalog: Catalog, field: FieldDef, byTypeId: Map<string, ObjectModel>, user: ObjectModel, isComment: boolean): FieldModel | undefined {
  if (isComment) {
    // The comment's content is the document its secret names; its author is a user.
    if (field.name === 'comment/document-secret') return { kind: 'richText', name: 'content', field };
    if (field.name === 'comment/author') return { kind: 'object', name: 'author', field, target: user, many: false };
    return undefined;
  }
  const namespace = field.name.slice(0, Math.max(0, field.name.indexOf('/')));
  if (namespace === 'svc' || HIDDEN_EXTENSION_FIELDS.has(field.name)) return undefined;
  const base = fieldBaseName(field.name);
  if (field.storage === 'value') {
    if (field.fieldType === 'file/file') return { kind: 'files', name: base, field };
    if (field.fieldType === RICH_TEXT_TYPE) return { kind: 'richText', name: base, field };
    const scalar = SCALAR_OF[field.fieldType];
    if (!scalar || !isPrimitiveFieldType(field.fieldType)) return undefined;
    return { kind: 'scalar', name: base, field, scalar, json: JSON_TYPES.has(field.fieldType) };
  }
  if (field.storage !== 'link') return undefined;
  const target = catalog.byName.get(field.fieldType);
  if (!target) return undefined;
  if (target.name === USER_TYPE) return { kind: 'object', name: base, field, target: user, many: field.isCollection };
  const object = byTypeId.get(target.id);
  // Relations to Databases of other Spaces are not exposed: their types are not in this schema.
  if (!object) return undefined;
  return { kind: 'object', name: base, field, target: object, many: field.isCollection };
}

/** Fields that take a filter (README, "Field types"), in schema order. */
export function filterableFields(object: ObjectModel): FieldModel[] {
  return [...object.fields.values()].filter((f) => f.kind === 'scalar' || f.kind === 'absent' || f.kind === 'object');
}

/** Fields that take an order key, in schema order. */
export function orderableFields(object: ObjectModel): FieldModel[] {
  return [...object.fields.values()].filter((f) => f.kind === 'scalar' || f.kind === 'absent' || (f.kind === 'object' && !f.many));
}
