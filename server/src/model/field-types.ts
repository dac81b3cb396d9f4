// Workspace field types and how each is stored. Primitive values are JSON in `entities.data`;
// `sort` says how a value compares in SQL (text compares ISO dates correctly). A field whose type
// is not listed here names another type: a relation (or, for enum and workflow types, a single
// select / workflow value), stored as rows of `links`.
export const PRIMITIVE_FIELD_TYPES = {
  'svc/uuid': { sort: 'text' },
  'svc/text': { sort: 'text' },
  'svc/string': { sort: 'text' },
  'svc/url': { sort: 'text' },
  'svc/email': { sort: 'text' },
  'svc/integer': { sort: 'numeric' },
  'svc/decimal': { sort: 'numeric' },
  'svc/bool': { sort: 'boolean' },
  'svc/date': { sort: 'text' },
  'svc/date-time': { sort: 'text' },
  'svc/date-range': { sort: 'none' },
  'svc/date-time-range': { sort: 'none' },
  'svc/location': { sort: 'none' },
  'Collaboration~Documents/Document': { sort: 'none' },
  'file/file': { sort: 'none' },
  /** Any JSON value (the public API's type of that name), stored as given. */
  'svc/json-value': { sort: 'none' },
} as const;

export type PrimitiveFieldType = keyof typeof PRIMITIVE_FIELD_TYPES;

/** The public API's names of field types, taken on input as these (spec: FieldType). */
export const FIELD_TYPE_ALIASES: Readonly<Record<string, PrimitiveFieldType>> = { 'svc/int': 'svc/integer', 'svc/emoji': 'svc/text', 'svc/rank': 'svc/integer' };

/** A field type as stored: an alias resolved, any other name as given. */
export function canonicalFieldType(type: string): string {
  return Object.hasOwn(FIELD_TYPE_ALIASES, type) ? (FIELD_TYPE_ALIASES[type] as string) : type;
}

export function isPrimitiveFieldType(type: string): type is PrimitiveFieldType {
  return Object.hasOwn(PRIMITIVE_FIELD_TYPES, type);
}

export const RICH_TEXT_TYPE = 'Collaboration~Documents/Document';
export const RICH_TEXT_SECRET = 'Collaboration~Documents/secret';
export const USER_TYPE = 'svc/user';
export const COMMENT_TYPE = 'comments/comment';
export const COMMENTS_FIELD = 'comments/comments';
export const COMMENTS_MIXIN = 'comments/comments-mixin';
export const RANK_MIXIN = 'svc/rank-mixin';
/** The field of the rank mixin (an integer: new Entities get one more than the type's greatest). */
export const RANK_FIELD = 'svc/rank';
/** The Icons extension: an Entity icon (a native emoji), field `icon/icon`. */
export const ICON_MIXIN = 'icons/icon-mixin';
export const ICON_FIELD = 'icon/icon';
/** The Avatar extension: an Entity picture (a file the service downloads), field `avatar/avatar`. */
export const AVATAR_MIXIN = 'avatars/avatar-mixin';
export const AVATAR_FIELD = 'avatar/avatar';
/** Files the service stores (`/api/files`): Entities of `svc/file`, linked through the Files extension's collection `Files/Files`. */
export const FILE_TYPE = 'svc/file';
export const FILES_FIELD = 'Files/Files';
export const FILES_MIXIN = 'Files/Files-mixin';
/** The fields of `svc/file`: the name may be changed, the others only the files API writes. */
export const FILE_FIELDS = [
  { name: 'svc/name', type: 'svc/text', meta: { 'ui/title?': true } },
  { name: 'svc/secret', type: 'svc/text', meta: { 'svc/readonly?': true } },
  { name: 'svc/content-type', type: 'svc/text', meta: { 'svc/readonly?': true } },
  { name: 'svc/content-length', type: 'svc/integer', meta: { 'svc/readonly?': true } },
] as const;

/** System fields of every type, stored in fixed columns of its entity table. */
export const SYSTEM_FIELDS = [
  { name: 'svc/id', type: 'svc/uuid', column: 'id', meta: { 'svc/id?': true, 'svc/readonly?': true, 'svc/required?': true } },
  { name: 'svc/public-id', type: 'svc/string', column: 'public_id', meta: { 'svc/readonly?': true } },
  { name: 'svc/creation-date', type: 'svc/date-time', column: 'created_at', meta: { 'svc/readonly?': true, 'svc/default-value': '$now' } },
  { name: 'svc/modification-date', type: 'svc/date-time', column: 'modified_at', meta: { 'svc/default-value': '$now' } },
  { name: 'svc/created-by', type: USER_TYPE, column: 'created_by', meta: { 'svc/readonly?': true } },
] as const;

/** The mixins of a type's meta: `app/mixins` as a list (stored) or a map `{<mixin>: true}` (the public API's form). */
export function mixinNames(mixins: unknown): string[] {
  if (Array.isArray(mixins)) return mixins.filter((m): m is string => typeof m === 'string');
  if (typeof mixins === 'object' && mixins !== null) return Object.entries(mixins).filter(([, on]) => on === true).map(([name]) => name);
  return [];
}

export const SYSTEM_FIELD_NAMES: ReadonlySet<string> = new Set(SYSTEM_FIELDS.map((f) => f.name));
