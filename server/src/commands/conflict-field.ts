// The `conflict-field` of `svc.entity.batch/create-or-update`: a value field whose values can be
// matched exactly (text, integer, date and their kin), and the key one Entity's value matches by.
import { Failure } from '../api/failure.js';
import type { Catalog, FieldDef, TypeDef } from '../model/catalog.js';
import { decodeValue, encodeValue } from '../model/value-codec.js';

/** Field types a conflict field may have (the public API names text, integer and date fields). */
export const CONFLICT_FIELD_TYPES: readonly string[] = ['svc/text', 'svc/string', 'svc/url', 'svc/email', 'svc/uuid', 'svc/integer', 'svc/date'];

/** The conflict field, or a failure naming it: unknown (with "did you mean"), or of a kind that cannot find duplicates. */
export function conflictField(catalog: Catalog, type: TypeDef, name: string): FieldDef {
  const field = catalog.field(type, name);
  if (field.storage === 'value' && CONFLICT_FIELD_TYPES.includes(field.fieldType)) return field;
  const kind = field.storage === 'link' ? (field.isCollection ? 'a collection' : 'a relation') : field.storage === 'system' ? 'a system field' : `of type ${field.fieldType}`;
  throw new Failure(
    'entity.error/conflict-field-invalid',
    `"${name}" of "${type.name}" cannot be the conflict-field: it is ${kind}; duplicates are found by a value field of type ${CONFLICT_FIELD_TYPES.join(', ')}.`,
    { field: name, type: type.name, fieldType: field.fieldType },
  );
}

/**
 * What one Entity's conflict value matches by: its value as a query reads it, as JSON (text exactly,
 * case and all); undefined for no value (`null` or missing), which matches nothing. An invalid
 * value fails as a write of it would (`entity.error/value-invalid` naming the field).
 */
export function conflictKey(field: FieldDef, value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return JSON.stringify(decodeValue(field, encodeValue(field, value)));
}
