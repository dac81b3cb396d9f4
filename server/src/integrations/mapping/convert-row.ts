// Converts one data row of an app type by the type's mapping (pure): the row key, the
// `__syncAction`, and each mapped field's value in the shape the sync engine writes (primitive
// values that pass the value codec, option names, user e-mails or names, relation keys, rich
// text content, file references). A value that cannot be converted is the
// `integration.error/row-invalid` Failure naming the type, the row key and the field.
import { Failure } from '../../api/failure.js';
import type { AppDataRow, ConvertedRow, FieldMapping, TypeMapping, ValueKind } from '../types.js';
import { toBool } from './values/bool.js';
import { toDateTime, toDay } from './values/dates.js';
import { toFileReferences } from './values/file-reference.js';
import { toIcon } from './values/icon.js';
import { isPlainObject, parseJsonText } from './values/json-text.js';
import { toLocation } from './values/location.js';
import { toName, toNames } from './values/multi-select.js';
import { toDecimal, toInteger } from './values/numbers.js';
import { toDateRange, toDateTimeRange } from './values/ranges.js';
import { toEmail, toText, toUrl } from './values/text.js';
import { isEmpty, shown, ValueError } from './values/value-error.js';

const MAX_KEY = 1000;

const CONVERTERS: Record<ValueKind, (value: unknown) => unknown> = {
  text: toText,
  url: toUrl,
  email: toEmail,
  bool: toBool,
  integer: toInteger,
  decimal: toDecimal,
  date: toDay,
  'date-time': toDateTime,
  'date-range': toDateRange,
  'date-time-range': toDateTimeRange,
  location: toLocation,
};

function rowInvalid(type: string, key: string | undefined, field: string | undefined, problem: string): Failure {
  const row = key === undefined ? `A row of type "${type}"` : `The row "${key}" of type "${type}"`;
  return new Failure(
    'integration.error/row-invalid',
    `${row} cannot be synchronized: ${field === undefined ? problem : `field "${field}" ${problem}`}.`,
    { type, ...(key === undefined ? {} : { key }), ...(field === undefined ? {} : { field }) },
    422,
  );
}

function rowKey(mapping: TypeMapping, row: Record<string, unknown>): string {
  const raw = row[mapping.keyField];
  const key = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : '';
  if (key === '' || key.length > MAX_KEY) {
    throw rowInvalid(mapping.appType, undefined, mapping.keyField, `(the row key) must be a non-empty string or a number of at most ${MAX_KEY} characters; got ${shown(raw)}`);
  }
  return key;
}

function syncActionOf(value: unknown): 'SET' | 'REMOVE' | null {
  if (isEmpty(value)) return null;
  const action = typeof value === 'string' ? value.trim().toUpperCase() : '';
  if (action === 'SET' || action === 'REMOVE') return action;
  throw new ValueError('SET or REMOVE', value);
}

/** Keys of an integration relation: one key, or for many-to-many a JSON array of keys (or its JSON text). */
function toKeys(value: unknown, multi: boolean): string[] {
  if (isEmpty(value)) return [];
  const one = (v: unknown): string => {
    if (typeof v === 'string' && v.trim() !== '') return v.trim();
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
    throw new ValueError(multi ? 'keys of the target type: a JSON array of strings, its JSON text, or one key' : 'the key of the target row (a string or a number)', value);
  };
  if (!multi) return [one(value)];
  const items = Array.isArray(value)
    ? value
    : typeof value === 'string' && value.trim().startsWith('[')
      ? parseJsonText(value.trim(), 'keys of the target type: a JSON array of strings', value)
      : [value];
  if (!Array.isArray(items)) throw new ValueError('keys of the target type: a JSON array of strings', value);
  return [...new Set(items.filter((v) => !isEmpty(v)).map(one))];
}

/** People values: one e-mail or name, or for many-to-many an array (by e-mail also a comma-separated string). */
function toPeople(value: unknown, multi: boolean, match: 'email' | 'name'): string[] {
  if (!multi) return toName(value);
  if (match === 'email') return toNames(value);
  if (typeof value === 'string' && !value.trim().startsWith('[')) return toName(value);
  return toNames(value);
}

function convertField(out: ConvertedRow, mapping: FieldMapping, value: unknown, action: 'SET' | 'REMOVE' | null): void {
  switch (mapping.kind) {
    case 'value':
      out.values[mapping.field] = CONVERTERS[mapping.value](value);
      return;
    case 'rich-text':
      out.richText.push({ field: mapping.field, format: mapping.format, content: toText(value) ?? '' });
      return;
    case 'icon':
      out.values[mapping.field] = toIcon(value);
      return;
    case 'avatar':
      out.files.push({ field: mapping.field, multi: false, files: toFileReferences(value, false) });
      return;
    case 'files':
      out.files.push({ field: mapping.field, multi: mapping.multi, files: toFileReferences(value, mapping.multi) });
      return;
    case 'select':
      out.selects.push({
        field: mapping.field,
        enumType: mapping.enumType,
        workflow: mapping.workflow,
        multi: mapping.multi,
        names: mapping.multi ? toNames(value) : toName(value),
      });
      return;
    case 'people':
      out.people.push({ field: mapping.field, multi: mapping.multi, match: mapping.match, values: toPeople(value, mapping.multi, mapping.match) });
      return;
    case 'relation':
      out.relations.push({ field: mapping.field, keyField: mapping.keyField, targetAppType: mapping.targetAppType, multi: mapping.multi, keys: toKeys(value, mapping.multi) });
      return;
    case 'sync-action':
      out.values[mapping.field] = action;
      return;
  }
}

/**
 * The converted row. Every mapped field is converted (an absent field clears its value); a
 * `REMOVE` row carries only its key. Throws only the row-invalid Failure.
 */
export function convertRow(mapping: TypeMapping, row: AppDataRow): ConvertedRow {
  const type = mapping.appType;
  if (!isPlainObject(row)) throw rowInvalid(type, undefined, undefined, `a row must be a JSON object; got ${shown(row)}`);
  const key = rowKey(mapping, row);
  let action: 'SET' | 'REMOVE' | null;
  try {
    action = syncActionOf(row.__syncAction);
  } catch (error) {
    throw rowInvalid(type, key, '__syncAction', error instanceof ValueError ? error.message : 'is not SET or REMOVE');
  }
  const out: ConvertedRow = { key, syncAction: action ?? 'SET', values: {}, selects: [], people: [], relations: [], richText: [], files: [] };
  if (action === 'REMOVE') return out;
  for (const [field, fieldMapping] of Object.entries(mapping.fields)) {
    const value = Object.hasOwn(row, field) ? row[field] : undefined;
    try {
      convertField(out, fieldMapping, value, action);
    } catch (error) {
      const problem = error instanceof ValueError ? error.message : `cannot be converted (${error instanceof Error ? error.message : String(error)})`;
      throw rowInvalid(type, key, field, problem);
    }
  }
  // The key field holds the key exactly as the engine indexes it.
  const keyMapping = mapping.fields[mapping.keyField];
  if (keyMapping?.kind === 'value') out.values[keyMapping.field] = key;
  return out;
}
