// The workspace schema as `svc.schema/query` (and `GET /api/schema`) answers it, in the shape the
// public API's clients read: a top-level `svc/id`, the primitive field types listed as types
// (`svc/primitive?`, no fields), `app/mixins` as a map, the system fields' marker keys.
import { createHash } from 'node:crypto';
import type { FieldMeta, SchemaField, SchemaType, TypeMeta, WorkspaceSchema } from '../api/spec-types.js';
import type { Catalog, FieldDef, TypeDef } from './catalog.js';
import { mixinNames, PRIMITIVE_FIELD_TYPES, USER_TYPE } from './field-types.js';

/** The marker key each system field carries in its meta (as the public API marks them). */
const SYSTEM_MARKERS: Readonly<Record<string, string>> = {
  'svc/public-id': 'svc/public-id?',
  'svc/creation-date': 'svc/creation-date?',
  'svc/modification-date': 'svc/modification-date?',
};

/** The meta key a type's or field's description is kept under; the view lists it as `svc/description`. */
export const DESCRIPTION_KEY = 'svc/description';

/** A meta without the description kept in it. */
function withoutDescription<M extends object>(meta: M): M {
  const { [DESCRIPTION_KEY]: _description, ...rest } = meta as Record<string, unknown>;
  return rest as M;
}

/** `svc/description` of a type or field when asked for (null when none was given). */
function description(meta: object, asked: boolean): { 'svc/description'?: string | null } {
  if (!asked) return {};
  const text = (meta as Record<string, unknown>)[DESCRIPTION_KEY];
  return { 'svc/description': typeof text === 'string' ? text : null };
}

function fieldMeta(field: FieldDef): FieldMeta {
  const marker = SYSTEM_MARKERS[field.name];
  return {
    ...withoutDescription(field.meta),
    ...(marker ? { [marker]: true } : {}),
    ...(field.isCollection ? { 'svc/collection?': true } : {}),
    ...(field.relationId && field.storage === 'link' ? { 'svc/relation': field.relationId } : {}),
  };
}

function typeMeta(type: TypeDef): TypeMeta {
  return { ...withoutDescription(type.meta), 'app/mixins': Object.fromEntries(mixinNames(type.meta['app/mixins']).map((m) => [m, true])) };
}

/** A UUID (version 4 layout) derived from a text: the same for the same text. */
function derivedId(text: string): string {
  const h = createHash('sha256').update(text).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h[16] as string, 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The primitive field types as the schema lists them (their ids derive from their names). */
const PRIMITIVE_TYPES: SchemaType[] = Object.keys(PRIMITIVE_FIELD_TYPES).map((name) => ({
  'svc/name': name,
  'svc/id': derivedId(`svc-kit primitive type ${name}`),
  'svc/deleted?': false,
  'svc/meta': { 'svc/primitive?': true },
  'svc/fields': [],
}));

/** The primitive types as listed when descriptions are asked for (they have none). */
const PRIMITIVE_TYPES_DESCRIBED: SchemaType[] = PRIMITIVE_TYPES.map((t) => ({ ...t, 'svc/description': null }));

/** What the schema is asked with (the public API's `with-description`). */
export interface SchemaViewOptions {
  withDescription?: boolean | undefined;
}

export function schemaView(catalog: Catalog, options: SchemaViewOptions = {}): WorkspaceSchema {
  const asked = options.withDescription === true;
  const types = catalog.types.map(
    (type): SchemaType => ({
      'svc/name': type.name,
      'svc/id': type.id,
      'svc/deleted?': type.deleted,
      'svc/meta': typeMeta(type),
      ...description(type.meta, asked),
      'svc/fields': type.fields.map(
        (field): SchemaField => ({ 'svc/name': field.name, 'svc/type': field.fieldType, 'svc/id': field.id, 'svc/meta': fieldMeta(field), ...description(field.meta, asked) }),
      ),
    }),
  );
  // The workspace's id: that of its svc/user type, made once with the workspace.
  const users = catalog.byName.get(USER_TYPE);
  return { 'svc/id': derivedId(`svc-kit workspace ${users?.id ?? ''}`), 'svc/version': catalog.version, 'svc/meta': {}, 'svc/types': [...types, ...(asked ? PRIMITIVE_TYPES_DESCRIBED : PRIMITIVE_TYPES)] };
}
