// Checks the app's schema for the chosen types before anything is created (pure): every chosen
// type exists with its `id` and `name` fields (APP-025), every field has a row in the mapping
// table, formats fit their field, options are well formed (workflows: one default, a final
// option, known state types; MAP-024..026), integration relations name the target's key field.
import { Failure } from '../../api/failure.js';
import type { AppSchema, AppSchemaField, AppTypeSchema } from '../types.js';
import { classifyField, keyFieldOf, SchemaProblem, titleFieldOf, type FieldKind, type FormatName } from './field-kinds.js';
import { optionsOf } from './options.js';

function schemaFailure(type: string, problem: SchemaProblem): Failure {
  const where = problem.field === undefined ? `type "${type}"` : `type "${type}", field "${problem.field}"`;
  return new Failure(
    'integration.error/app-failed',
    `The app's schema cannot be synchronized (${where}): ${problem.message}`,
    { operation: 'schema', type, ...(problem.field === undefined ? {} : { field: problem.field }) },
    422,
  );
}

function checkFormat(id: string, field: AppSchemaField, kind: FieldKind): void {
  const format: unknown = field.format;
  if (format === undefined || format === null) return;
  const allowed: readonly FormatName[] = kind.kind === 'value' ? kind.formats : [];
  const name = typeof format === 'object' && !Array.isArray(format) ? (format as Record<string, unknown>).format : undefined;
  if (allowed.length === 0) throw new SchemaProblem(id, 'only number fields (Money, Percent, Number) and text fields (phone) take a `format`.');
  if (typeof name !== 'string' || !allowed.includes(name as FormatName)) {
    throw new SchemaProblem(id, `\`format\` must be an object {format: ${allowed.join(' | ')}, ...} for this field; got ${JSON.stringify(format)}.`);
  }
}

function checkBoolean(id: string, field: AppSchemaField, key: 'ignore' | 'readonly'): void {
  if (field[key] !== undefined && typeof field[key] !== 'boolean') throw new SchemaProblem(id, `\`${key}\` must be a boolean.`);
}

/** The type's fields with their `id` and `name` fields and one row key; answers the key field. */
function checkStructure(schema: AppSchema, typeId: string): string {
  if (typeId === '' || typeId === '__proto__') throw new SchemaProblem(undefined, 'a type id must be a non-empty string other than "__proto__".');
  const fields: unknown = Object.hasOwn(schema, typeId) ? schema[typeId] : undefined;
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) {
    throw new SchemaProblem(undefined, 'the schema has no object of fields for this type.');
  }
  for (const required of ['id', 'name']) {
    if (!Object.hasOwn(fields, required)) throw new SchemaProblem(required, `every type must have the fields "id" and "name"; "${required}" is missing.`);
  }
  titleFieldOf(fields as AppTypeSchema);
  return keyFieldOf(fields as AppTypeSchema);
}

function checkFields(schema: AppSchema, keyFields: ReadonlyMap<string, string>, typeId: string): void {
  const typeSchema = schema[typeId] as AppTypeSchema;
  const keyField = keyFields.get(typeId) as string;
  for (const [id, field] of Object.entries(typeSchema)) {
    if (id === '' || id === '__proto__') throw new SchemaProblem(id, 'a field id must be a non-empty string other than "__proto__".');
    const kind = classifyField(id, field, keyField);
    if (field.name !== undefined && typeof field.name !== 'string') throw new SchemaProblem(id, '`name` must be a string.');
    checkBoolean(id, field, 'ignore');
    checkBoolean(id, field, 'readonly');
    checkFormat(id, field, kind);
    if (kind.kind === 'select') optionsOf(id, field, kind.workflow);
    // An integration relation to a chosen type names that type's row key (its links are set by key).
    const targetKey = kind.kind === 'relation' ? keyFields.get(kind.targetAppType) : undefined;
    if (targetKey !== undefined && field.relation?.targetFieldId !== targetKey) {
      throw new SchemaProblem(id, `\`relation.targetFieldId\` must name the key field of "${field.relation?.targetType}" ("${targetKey}"), not "${field.relation?.targetFieldId}".`);
    }
  }
}

/** Throws the `integration.error/app-failed` Failure (422) naming the first bad type or field. */
export function checkAppSchema(schema: AppSchema, types: string[]): void {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    throw new Failure('integration.error/app-failed', "The app's schema must be an object of types (type id to its fields).", { operation: 'schema' }, 422);
  }
  const keyFields = new Map<string, string>();
  // Every type's structure first: a relation's check reads the key field of its target.
  for (const step of [(t: string) => keyFields.set(t, checkStructure(schema, t)), (t: string) => checkFields(schema, keyFields, t)]) {
    for (const typeId of types) {
      try {
        step(typeId);
      } catch (error) {
        if (error instanceof SchemaProblem) throw schemaFailure(typeId, error);
        throw error;
      }
    }
  }
}
