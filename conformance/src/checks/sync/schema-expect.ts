/**
 * Expectations on the workspace schema a sync built: a field of a Database with a given type (a
 * primitive, an enum type, another Database), collection flag and metadata, each failure naming
 * the app field, the requirement and what `svc.schema/query` showed instead.
 */
import { isDeepStrictEqual } from 'node:util';
import { fail } from '../../assert.js';
import type { SchemaField, SchemaView } from './read.js';

export interface FieldExpectation {
  /** Exact `svc/type`. */
  type?: string;
  /** The type must be an enum type (`svc/enum?`): single select, workflow, multi select. */
  enumType?: boolean;
  /** The field must be a collection (true) or not (false). */
  collection?: boolean;
  /** Metadata the field must have (each key deep-equal). */
  meta?: Record<string, unknown>;
  /** Metadata flags that must be absent or false. */
  notMeta?: string[];
}

function describeField(field: SchemaField): string {
  return `${field['svc/name']} (svc/type ${JSON.stringify(field['svc/type'])}, svc/meta ${JSON.stringify(field['svc/meta'])})`;
}

/** Checks one field of a Database; answers it. `what` says which app field and requirement it is about. */
export function expectField(view: SchemaView, database: string, fieldName: string, expected: FieldExpectation, what: string): SchemaField {
  const field = view.requireField(database, fieldName, what);
  const problems: string[] = [];
  const type = field['svc/type'];
  if (expected.type !== undefined && type !== expected.type) problems.push(`svc/type is ${JSON.stringify(type)}, expected ${JSON.stringify(expected.type)}`);
  if (expected.enumType === true && !view.isEnum(type)) problems.push(`svc/type ${JSON.stringify(type)} is not an enum type (a type with svc/meta svc/enum? true)`);
  const collection = field['svc/meta']['svc/collection?'] === true;
  if (expected.collection !== undefined && collection !== expected.collection) problems.push(expected.collection ? 'it is not a collection (svc/collection? true)' : 'it is a collection, expected a single value');
  for (const [key, value] of Object.entries(expected.meta ?? {})) {
    if (!isDeepStrictEqual(field['svc/meta'][key], value)) problems.push(`svc/meta ${key} is ${JSON.stringify(field['svc/meta'][key]) ?? 'absent'}, expected ${JSON.stringify(value)}`);
  }
  for (const key of expected.notMeta ?? []) {
    if (field['svc/meta'][key] !== undefined && field['svc/meta'][key] !== false) problems.push(`svc/meta ${key} is ${JSON.stringify(field['svc/meta'][key])}, expected it absent or false`);
  }
  if (problems.length > 0) fail(`${what}: field ${describeField(field)} of ${database}: ${problems.join('; ')}`, view.res);
  return field;
}

/** The metadata `svc/format` must hold every key of `format` (more keys are allowed). */
export function expectFormat(view: SchemaView, database: string, fieldName: string, format: Record<string, unknown>, what: string): void {
  const field = view.requireField(database, fieldName, what);
  const stored = field['svc/meta']['svc/format'];
  const wrong = Object.entries(format).filter(([key, value]) => !(stored && typeof stored === 'object' && isDeepStrictEqual((stored as Record<string, unknown>)[key], value)));
  if (wrong.length > 0) {
    fail(`${what}: field ${describeField(field)} of ${database} should keep the app's format ${JSON.stringify(format)} in svc/meta svc/format; it differs in ${wrong.map(([k]) => k).join(', ')}`, view.res);
  }
}

/** The Database must have the mixin in `app/mixins` and its field. */
export function expectMixin(view: SchemaView, database: string, mixin: string, fieldName: string, what: string): void {
  const type = view.requireType(database, what);
  const mixins = type['svc/meta']['app/mixins'];
  if (!Array.isArray(mixins) || !mixins.includes(mixin)) fail(`${what}: Database ${database} should have the mixin ${mixin} in svc/meta app/mixins; it has ${JSON.stringify(mixins ?? [])}`, view.res);
  view.requireField(database, fieldName, what);
}
