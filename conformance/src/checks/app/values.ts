/**
 * Which JSON values a data row may hold for a schema field, by its `type` / `subType` (the
 * mapping table of spec/app.openapi.yaml SchemaField and spec/integrations.md "Values"). `null`,
 * an absent value and the empty string clear a field and are always allowed.
 */
import { isRecord, kindOf } from '../../shapes.js';
import type { SchemaField } from './session.js';

const BOOLEAN_WORDS = new Set(['true', 'yes', 'on', '1', 'checked', 'false', 'no', 'off', '0', '']);
const NUMERIC = /^\s*[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?\s*$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;
const DECIMAL_PAIR = /^\s*([-+]?\d+(?:\.\d+)?)\s*[,;\s]\s*([-+]?\d+(?:\.\d+)?)\s*$/;
const HEMISPHERES = /^(?=.*\d)(?=.*[NS])(?=.*[EW])[\d\s°º'′"″.,NSEW-]+$/i;

function short(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 80)}...` : text;
}

function isDay(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

function isTimestamp(text: string): boolean {
  return TIMESTAMP.test(text) && Number.isFinite(Date.parse(text));
}

function numberProblem(field: SchemaField, value: unknown): string | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && NUMERIC.test(value) ? Number(value) : Number.NaN;
  if (!Number.isFinite(n)) return `a number field takes a JSON number or a numeric string, got ${short(value)}`;
  if (field.subType === 'integer' && !Number.isInteger(n)) return `an integer field refuses the fraction ${short(value)}`;
  return undefined;
}

function dateProblem(field: SchemaField, value: unknown): string | undefined {
  if (typeof value !== 'string') return `a date field takes a string, got ${kindOf(value)} ${short(value)}`;
  if (field.subType === 'day') {
    return isDay(value) || isTimestamp(value) ? undefined : `a day (date / day) is YYYY-MM-DD, got ${short(value)}`;
  }
  return isTimestamp(value) ? undefined : `a date field takes an ISO 8601 timestamp (YYYY-MM-DDTHH:MM:SS.sssZ), got ${short(value)}`;
}

function rangeProblem(field: SchemaField, value: unknown): string | undefined {
  let range: unknown = value;
  if (typeof value === 'string') {
    try {
      range = JSON.parse(value) as unknown;
    } catch {
      return `a ${field.subType} is a stringified object {start, end}, got the string ${short(value)}`;
    }
  }
  if (!isRecord(range)) return `a ${field.subType} is an object {start, end} (stringified), got ${short(value)}`;
  const valid = field.subType === 'date-range' ? isDay : isTimestamp;
  for (const end of ['start', 'end'] as const) {
    const bound = range[end];
    if (bound === null || bound === undefined) continue;
    if (typeof bound !== 'string' || !valid(bound)) {
      return `the ${end} of a ${field.subType} is ${field.subType === 'date-range' ? 'YYYY-MM-DD' : 'an ISO 8601 timestamp'}, got ${short(bound)}`;
    }
  }
  return undefined;
}

function locationProblem(value: unknown): string | undefined {
  if (typeof value !== 'string') return `a location is a string (coordinates, or a stringified {longitude, latitude, fullAddress}), got ${kindOf(value)}`;
  if (value.trim().startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(value) as unknown;
    } catch {
      return `a location that starts with "{" must be stringified JSON, got ${short(value)}`;
    }
    if (!isRecord(parsed)) return `a stringified location is an object, got ${short(value)}`;
    for (const key of ['latitude', 'longitude'] as const) {
      const n = parsed[key];
      if (!(typeof n === 'number' || (typeof n === 'string' && NUMERIC.test(n)))) return `a stringified location needs a numeric "${key}", got ${short(value)}`;
    }
    return undefined;
  }
  const pair = DECIMAL_PAIR.exec(value);
  if (pair) {
    const [lat, lon] = [Number(pair[1]), Number(pair[2])];
    return Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? undefined : `coordinates out of range: ${short(value)}`;
  }
  return HEMISPHERES.test(value) ? undefined : `a location is decimal coordinates, degrees with hemisphere letters, or a stringified object, got ${short(value)}`;
}

function stringsProblem(value: unknown, what: string): string | undefined {
  if (typeof value === 'string') return undefined;
  if (Array.isArray(value)) {
    const bad = value.find((item) => typeof item !== 'string');
    return bad === undefined ? undefined : `${what} holds strings, got an item ${kindOf(bad)} ${short(bad)}`;
  }
  return `${what} is an array of strings or a string, got ${kindOf(value)} ${short(value)}`;
}

function textProblem(field: SchemaField, value: unknown): string | undefined {
  if (field.relation !== undefined) {
    if (typeof value === 'string' || typeof value === 'number') return undefined;
    return stringsProblem(value, 'a relation value');
  }
  switch (field.subType) {
    case 'boolean':
      if (typeof value === 'boolean') return undefined;
      if (typeof value === 'string' && BOOLEAN_WORDS.has(value.trim().toLowerCase())) return undefined;
      return `a boolean (text / boolean) is true, yes, on, 1, checked, false, no, off, 0, "" or a JSON boolean, got ${short(value)}`;
    case 'date-range':
    case 'date-time-range':
      return rangeProblem(field, value);
    case 'location':
      return locationProblem(value);
    case 'multi-select':
      return stringsProblem(value, 'a multi select value');
    case 'file':
    case 'files':
      return stringsProblem(value, 'a file value');
    default:
      return typeof value === 'string' ? undefined : `a text field${field.subType ? ` (${field.subType})` : ''} takes a string, got ${kindOf(value)} ${short(value)}`;
  }
}

/** Why `value` cannot be a value of `field`, or undefined when it can. */
export function valueProblem(field: SchemaField, value: unknown): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  switch (field.type) {
    case 'id':
      return typeof value === 'string' || typeof value === 'number' ? undefined : `an id is a string or a number, got ${kindOf(value)} ${short(value)}`;
    case 'number':
      return numberProblem(field, value);
    case 'date':
      return dateProblem(field, value);
    case 'array[text]':
      return stringsProblem(value, 'an array[text] value');
    case 'text':
      return textProblem(field, value);
    default:
      return undefined;
  }
}
