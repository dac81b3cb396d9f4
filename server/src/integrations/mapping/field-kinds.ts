// The mapping table of spec/integrations.md ("Fields"): what an app schema field (`type`,
// `subType`, `relation`) becomes in the workspace. Pure; a field the table has no row for is a
// SchemaProblem naming it (checkAppSchema turns it into the app-failed Failure).
import type { PrimitiveFieldType } from '../../model/field-types.js';
import { USER_TYPE } from '../../model/field-types.js';
import type { AppSchemaField, AppTypeSchema, ValueKind } from '../types.js';

export type FormatName = 'Money' | 'Percent' | 'Number' | 'phone';

export type FieldKind =
  /** The row key: read-only `svc/text`. */
  | { kind: 'key' }
  | { kind: 'value'; value: ValueKind; fieldType: PrimitiveFieldType; formats: readonly FormatName[] }
  | { kind: 'rich-text'; format: 'md' | 'html' }
  | { kind: 'icon' }
  | { kind: 'avatar' }
  | { kind: 'select'; multi: boolean; workflow: boolean }
  | { kind: 'files'; multi: boolean }
  | { kind: 'people'; multi: boolean; match: 'email' | 'name' }
  | { kind: 'relation'; multi: boolean; targetCollection: boolean; targetAppType: string }
  | { kind: 'sync-action' };

export const SYNC_ACTION_FIELD = '__syncAction';

/** A schema field the mapping cannot take, with the field id and a sentence saying why. */
export class SchemaProblem extends Error {
  constructor(
    readonly field: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'SchemaProblem';
  }
}

const NUMBER_FORMATS: readonly FormatName[] = ['Money', 'Percent', 'Number'];
const TEXT_FORMATS: readonly FormatName[] = ['phone'];

function value(kind: ValueKind, fieldType: PrimitiveFieldType, formats: readonly FormatName[] = []): FieldKind {
  return { kind: 'value', value: kind, fieldType, formats };
}

/** `type` / `subType` rows of the table, for fields without a relation. */
const TABLE: Record<string, Record<string, FieldKind>> = {
  number: {
    '': value('decimal', 'svc/decimal', NUMBER_FORMATS),
    integer: value('integer', 'svc/integer', NUMBER_FORMATS),
  },
  text: {
    '': value('text', 'svc/text', TEXT_FORMATS),
    title: value('text', 'svc/text', TEXT_FORMATS),
    url: value('url', 'svc/url'),
    email: value('email', 'svc/email'),
    boolean: value('bool', 'svc/bool'),
    'date-range': value('date-range', 'svc/date-range'),
    'date-time-range': value('date-time-range', 'svc/date-time-range'),
    location: value('location', 'svc/location'),
    html: { kind: 'rich-text', format: 'html' },
    md: { kind: 'rich-text', format: 'md' },
    icon: { kind: 'icon' },
    avatar: { kind: 'avatar' },
    'single-select': { kind: 'select', multi: false, workflow: false },
    workflow: { kind: 'select', multi: false, workflow: true },
    'multi-select': { kind: 'select', multi: true, workflow: false },
    file: { kind: 'files', multi: false },
    files: { kind: 'files', multi: false },
  },
  date: {
    '': value('date-time', 'svc/date-time'),
    day: value('date', 'svc/date'),
  },
  'array[text]': {
    'multi-select': { kind: 'select', multi: true, workflow: false },
    file: { kind: 'files', multi: true },
    files: { kind: 'files', multi: true },
  },
};

/** The contract's three, and `one-to-many` (the reverse of many-to-one), which real apps send and the service tolerates (app/deviations.ts). */
const CARDINALITIES = new Set(['many-to-one', 'many-to-many', 'one-to-one', 'one-to-many']);

function described(field: AppSchemaField): string {
  return field.subType ? `type "${String(field.type)}" with subType "${String(field.subType)}"` : `type "${String(field.type)}" without subType`;
}

function relationKind(id: string, field: AppSchemaField): FieldKind {
  const relation: unknown = field.relation;
  if (typeof relation !== 'object' || relation === null || Array.isArray(relation)) {
    throw new SchemaProblem(id, '`relation` must be an object {cardinality, targetType, targetFieldId, name?, targetName?, kind?}.');
  }
  const { cardinality, targetType, targetFieldId, name, targetName, kind } = relation as Record<string, unknown>;
  if (typeof cardinality !== 'string' || !CARDINALITIES.has(cardinality)) {
    throw new SchemaProblem(id, '`relation.cardinality` must be many-to-one, many-to-many or one-to-one.');
  }
  if (typeof targetType !== 'string' || targetType === '') throw new SchemaProblem(id, '`relation.targetType` must name a type (or svc/user).');
  if (typeof targetFieldId !== 'string' || targetFieldId === '') throw new SchemaProblem(id, '`relation.targetFieldId` must name a field of the target.');
  for (const [key, text] of Object.entries({ name, targetName, kind })) {
    if (text !== undefined && typeof text !== 'string') throw new SchemaProblem(id, `\`relation.${key}\` must be a string.`);
  }
  if (field.type !== 'text' && field.type !== 'array[text]') {
    throw new SchemaProblem(id, `a field with a relation must have type "text" or "array[text]", not "${String(field.type)}".`);
  }
  if (field.subType !== undefined) throw new SchemaProblem(id, `a field with a relation takes no subType (got "${String(field.subType)}").`);
  // many-to-many and one-to-many: this end holds several Entities; one-to-one and one-to-many: the other end holds one.
  const multi = cardinality === 'many-to-many' || cardinality === 'one-to-many';
  if (targetType === USER_TYPE) return { kind: 'people', multi, match: targetFieldId === 'user/email' ? 'email' : 'name' };
  if (kind === 'native') throw new SchemaProblem(id, `a native relation must target ${USER_TYPE} (a people relation), not "${targetType}".`);
  return { kind: 'relation', multi, targetCollection: cardinality === 'many-to-one' || cardinality === 'many-to-many', targetAppType: targetType };
}

/**
 * The row key of a type: its field of type `id` (at most one), else the field `id`.
 */
export function keyFieldOf(fields: AppTypeSchema): string {
  const ids = Object.entries(fields).filter(([, f]) => typeof f === 'object' && f !== null && f.type === 'id').map(([id]) => id);
  if (ids.length > 1) throw new SchemaProblem(ids[1], `only one field may have type "id" (the row key); found ${ids.map((i) => `"${i}"`).join(', ')}.`);
  return ids[0] ?? 'id';
}

/** The title field: the text field with subType `title` (at most one), else `name` (MAP-042, MAP-043). */
export function titleFieldOf(fields: AppTypeSchema): string {
  const titles = Object.entries(fields).filter(([, f]) => typeof f === 'object' && f !== null && f.type === 'text' && f.subType === 'title').map(([id]) => id);
  if (titles.length > 1) throw new SchemaProblem(titles[1], `only one field may have subType "title"; found ${titles.map((i) => `"${i}"`).join(', ')}.`);
  return titles[0] ?? 'name';
}

/** What the field `id` of a type whose key field is `keyField` becomes. */
export function classifyField(id: string, field: AppSchemaField, keyField: string): FieldKind {
  if (typeof field !== 'object' || field === null || Array.isArray(field)) throw new SchemaProblem(id, 'a schema field must be an object {name, type, ...}.');
  if (typeof field.type !== 'string') throw new SchemaProblem(id, '`type` must be one of id, text, number, date, array[text].');
  if (field.subType !== undefined && typeof field.subType !== 'string') throw new SchemaProblem(id, '`subType` must be a string.');
  if (id === SYNC_ACTION_FIELD) {
    if (field.type !== 'text' || field.subType !== undefined || field.relation !== undefined) {
      throw new SchemaProblem(id, `the reserved field ${SYNC_ACTION_FIELD} must have type "text", no subType and no relation.`);
    }
    return { kind: 'sync-action' };
  }
  if (id === keyField) {
    const plain = field.subType === undefined && field.relation === undefined;
    if (!plain || !['id', 'text', 'number'].includes(field.type)) {
      throw new SchemaProblem(id, `the row key "${id}" must have type "id" (or text/number), no subType and no relation; it has ${described(field)}.`);
    }
    return { kind: 'key' };
  }
  if (field.type === 'id') throw new SchemaProblem(id, `only the row key may have type "id"; the key of this type is "${keyField}".`);
  if (field.relation !== undefined) return relationKind(id, field);
  const kind = TABLE[field.type]?.[field.subType ?? ''];
  if (!kind) {
    if (!TABLE[field.type]) throw new SchemaProblem(id, `unknown type "${field.type}"; known: id, text, number, date, array[text].`);
    const known = Object.keys(TABLE[field.type] ?? {}).map((s) => (s === '' ? '(none)' : s));
    throw new SchemaProblem(id, `${described(field)} has no workspace field type; subTypes of "${field.type}": ${known.join(', ')}.`);
  }
  return kind;
}
