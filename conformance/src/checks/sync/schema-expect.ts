/**
 * Expectations on the workspace schema a sync built: a field of a Database with a given type (a
 * primitive, an enum type, another Database), collection flag and metadata, each failure naming
 * the app field, the requirement and what `svc.schema/query` showed instead.
 */
import { isDeepStrictEqual } from 'node:util';
import { fail } from '../../assert.js';
import { mixinNames, type SchemaField, type SchemaView } from '../../schema-view.js';
import { SYSTEM_FIELDS } from './read.js';

/**
 * The field metadata a sync sets (spec/integrations.md, "Fields"): `metaExactly` compares each of
 * these keys; other keys (`svc/relation`, a server's own) are left alone.
 */
export const SYNC_META_KEYS = ['svc/collection?', 'ui/title?', 'svc/readonly?', 'svc/hidden?', 'integration/locked?', 'svc/format'] as const;

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
  /**
   * The whole metadata a sync sets: every key of SYNC_META_KEYS deep-equal to this object's, and
   * absent (or false) when this object has none (e.g. `{}`: a plain field, no flag, no format).
   */
  metaExactly?: Record<string, unknown>;
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
  if (expected.metaExactly !== undefined) {
    for (const key of SYNC_META_KEYS) {
      const want = expected.metaExactly[key];
      const got = field['svc/meta'][key];
      if (want === undefined ? got !== undefined && got !== false : !isDeepStrictEqual(got, want)) {
        problems.push(`svc/meta ${key} is ${JSON.stringify(got) ?? 'absent'}, expected ${want === undefined ? 'it absent' : JSON.stringify(want)} (the whole metadata a sync sets: ${JSON.stringify(expected.metaExactly)})`);
      }
    }
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
  const mixins = mixinNames(type['svc/meta']['app/mixins']);
  if (!mixins.includes(mixin)) fail(`${what}: Database ${database} should have the mixin ${mixin} in svc/meta app/mixins; it has ${JSON.stringify(mixins ?? [])}`, view.res);
  view.requireField(database, fieldName, what);
}

/** The Database has exactly these fields besides the system ones (`svc/id`, ...): no field missing, none more. */
export function expectFieldNames(view: SchemaView, database: string, names: readonly string[], what: string): void {
  const got = view.requireType(database, what)['svc/fields'].map((f) => f['svc/name']).filter((n) => !SYSTEM_FIELDS.has(n)).sort();
  const want = [...names].sort();
  if (!isDeepStrictEqual(got, want)) {
    const missing = want.filter((n) => !got.includes(n));
    const extra = got.filter((n) => !want.includes(n));
    fail(`${what}: Database ${database} has the fields ${JSON.stringify(got)}, expected ${JSON.stringify(want)}${missing.length > 0 ? `; missing ${JSON.stringify(missing)}` : ''}${extra.length > 0 ? `; not expected ${JSON.stringify(extra)}` : ''}`, view.res);
  }
}
