// Field paths of the query language: `'Demo/Title'`, `['Demo/Project', 'Demo/Name']`. Every step
// but the last is a relation (a link field or `svc/created-by`); a path ending on a relation
// means its `svc/id`.
import { excerpt } from '../api/excerpt.js';
import { Failure } from '../api/failure.js';
import type { Catalog, FieldDef, TypeDef } from '../model/catalog.js';
import { PRIMITIVE_FIELD_TYPES, isPrimitiveFieldType } from '../model/field-types.js';

export interface Step {
  field: FieldDef;
  /** The type the step leads to. */
  target: TypeDef;
  /** `svc/created-by` is stored in a column of `entities`, not in `links`. */
  viaColumn: boolean;
}

export interface ResolvedPath {
  steps: Step[];
  /** The field read at the end, on `holder`. */
  last: FieldDef;
  holder: TypeDef;
  /** The path as written, for messages. */
  text: string;
  /** Whether any step is a collection (the path has several values). */
  many: boolean;
  /** `q/start` / `q/end`: the part of the range field `last` read instead of the whole value. */
  part?: RangePart;
}

export type RangePart = 'start' | 'end';

/** The field type of one end of a range field (a date or a date-time), or undefined for a field that is no range. */
export function rangePartType(field: FieldDef): 'svc/date' | 'svc/date-time' | undefined {
  if (field.storage !== 'value') return undefined;
  if (field.fieldType === 'svc/date-range') return 'svc/date';
  return field.fieldType === 'svc/date-time-range' ? 'svc/date-time' : undefined;
}

/** SQL reading the start or end of the range field `field` of the Entity aliased `alias`, as text. */
export function rangePartSql(alias: string, field: FieldDef, part: RangePart): string {
  const key = field.key;
  // Stryker disable next-line all: unreachable: the catalogue makes every storage key of letters, digits and _
  if (!key || !/^[a-z0-9_]+$/i.test(key)) throw new Error(`field ${field.name} has no storage key`);
  return `(${alias}.data->'${key}'->>'${part === 'start' ? 'start' : 'end'}')`;
}

export type ValueKind = 'text' | 'numeric' | 'boolean' | 'timestamp' | 'uuid' | 'json';

export function isRelation(field: FieldDef): boolean {
  return field.storage === 'link' || field.name === 'svc/created-by';
}

export function asPath(path: unknown, where: string): string[] {
  if (typeof path === 'string') return [path];
  if (Array.isArray(path) && path.length > 0 && path.length <= 16 && path.every((p) => typeof p === 'string')) return path as string[];
  throw new Failure('entity.error/query-operator-invalid', `${where} must be a field name or a non-empty array of field names; got ${excerpt(path)}.`, {
    field: where,
    operator: 'path',
    expr: path as never,
  });
}

export function resolvePath(catalog: Catalog, from: TypeDef, raw: unknown, where: string): ResolvedPath {
  const names = asPath(raw, where);
  const text = JSON.stringify(names);
  const steps: Step[] = [];
  let holder = from;
  for (const [i, name] of names.entries()) {
    const field = catalog.field(holder, name);
    const isLast = i === names.length - 1;
    if (!isLast && !isRelation(field)) {
      throw new Failure(
        'entity.error/query-primitive-field-expr-invalid',
        `In ${where}, the path ${text} goes through "${name}", which is not a relation; only the last field of a path may be a ${field.fieldType} field.`,
        { field: name, path: names },
      );
    }
    if (isLast && !isRelation(field)) return { steps, last: field, holder, text, many: steps.some((s) => s.field.isCollection) };
    const target = catalog.byName.get(field.fieldType);
    // Stryker disable next-line all: unreachable: the catalogue holds the target of every relation it holds
    if (!target) throw new Error(`relation target ${field.fieldType} vanished`);
    steps.push({ field, target, viaColumn: field.storage !== 'link' });
    holder = target;
  }
  // A path that ends on a relation means the related Entities' ids.
  return { steps, last: catalog.field(holder, 'svc/id'), holder, text, many: steps.some((s) => s.field.isCollection) };
}

export function valueKind(field: FieldDef): ValueKind {
  // Stryker disable StringLiteral,ConditionalExpression: the system fields' own types give the same kinds (svc/uuid, svc/date-time); naming them is a shortcut
  switch (field.name) {
    case 'svc/id':
      return 'uuid';
    case 'svc/public-id':
      return 'numeric';
    case 'svc/creation-date':
    case 'svc/modification-date':
      return 'timestamp';
    default:
      break;
  }
  // Stryker restore StringLiteral,ConditionalExpression
  // Stryker disable next-line all: unreachable: a path ends on a value field or on svc/id, never on a relation
  if (!isPrimitiveFieldType(field.fieldType)) return 'uuid';
  if (field.fieldType === 'svc/uuid' || field.fieldType === 'Collaboration~Documents/Document') return 'uuid';
  const sort = PRIMITIVE_FIELD_TYPES[field.fieldType].sort;
  return sort === 'none' ? 'json' : sort;
}

const SYSTEM_COLUMNS: Record<string, string> = {
  'svc/id': 'id',
  'svc/public-id': 'public_id',
  'svc/creation-date': 'created_at',
  'svc/modification-date': 'modified_at',
  // Stryker disable next-line StringLiteral: unreachable: svc/created-by is read as a relation (joins on the column), never as a value
  'svc/created-by': 'created_by',
};

/** SQL reading a (non-relation or `svc/id`) field of the Entity aliased `alias`. */
export function valueSql(alias: string, field: FieldDef): string {
  const column = SYSTEM_COLUMNS[field.name];
  // Stryker disable next-line LogicalOperator,ConditionalExpression: the fields with a system column are exactly the system-stored ones
  if (column && field.storage === 'system') return `${alias}.${column}`;
  const key = field.key;
  // Stryker disable next-line all: unreachable: the catalogue makes every storage key of letters, digits and _
  if (!key || !/^[a-z0-9_]+$/i.test(key)) throw new Error(`field ${field.name} has no storage key`);
  switch (valueKind(field)) {
    case 'numeric':
      return `((${alias}.data->>'${key}')::numeric)`;
    // Stryker disable next-line ConditionalExpression,StringLiteral: out of reach on pg-mem, which compares the text 'true' with a boolean as PostgreSQL does not (server/test runs PostgreSQL)
    case 'boolean':
      return `((${alias}.data->>'${key}')::boolean)`;
    default:
      return `(${alias}.data->>'${key}')`;
  }
}

/** The two columns of `links` for a link field: the Entity's own end, then the related one. */
export function linkEnds(field: FieldDef): ['a' | 'b', 'a' | 'b'] {
  return field.relationEnd === 'b' ? ['b', 'a'] : ['a', 'b'];
}

/**
 * The string form of a range or location value, as the GraphQL read API gives it: stringified
 * JSON `{"start":..,"end":..}` / `{"longitude":..,"latitude":..,"fullAddress":..}` (the same text
 * on both storages). Undefined for other fields.
 */
export function textFormSql(alias: string, field: FieldDef): string | undefined {
  const key = field.key;
  // Stryker disable next-line all: system fields have no text form by their type either, and the catalogue makes every storage key of letters, digits and _
  if (field.storage !== 'value' || !key || !/^[a-z0-9_]+$/i.test(key)) return undefined;
  const part = (name: string) => `(${alias}.data->'${key}'->'${name}')::text`;
  switch (field.fieldType) {
    case 'svc/date-range':
    case 'svc/date-time-range':
      return `('{"start":' || ${part('start')} || ',"end":' || ${part('end')} || '}')`;
    case 'svc/location':
      return `('{"longitude":' || ${part('longitude')} || ',"latitude":' || ${part('latitude')} || coalesce(',"fullAddress":' || ${part('fullAddress')}, '') || '}')`;
    default:
      return undefined;
  }
}
