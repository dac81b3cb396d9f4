// Field values between the API (JSON) and SQL columns: validation with a message naming the
// field, encoding to a query parameter, decoding from a row.
import { Failure } from '../api/failure.js';
import type { FieldDef } from './catalog.js';
import { isPrimitiveFieldType, type PrimitiveFieldType } from './field-types.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/;
const EMAIL = /^[^\s@]+@[^\s@]+$/;
const MAX_TEXT = 1_000_000;
/** A decimal as text (the public API writes `svc/decimal` values so): plain notation, no exponent. */
const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;
const MAX_DECIMAL_TEXT = 100;

/** The number a decimal string spells (`"2.01"`), or undefined when it is no plain finite decimal. */
export function decimalOfText(value: string): number | undefined {
  if (value.length > MAX_DECIMAL_TEXT || !DECIMAL_TEXT.test(value)) return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

function invalid(field: FieldDef, expected: string, value: unknown): Failure {
  const shown = JSON.stringify(value);
  return new Failure(
    'entity.error/value-invalid',
    `The value of "${field.name}" must be ${expected}; got ${shown && shown.length > 80 ? shown.slice(0, 77) + '...' : shown}.`,
    { field: field.name, expected },
  );
}

function isValidDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const d = new Date(`${text}T00:00:00.000Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(text);
}

function normaliseDateTime(field: FieldDef, value: unknown): string {
  if (typeof value !== 'string' || !DATE_TIME.test(value) || Number.isNaN(Date.parse(value))) {
    throw invalid(field, 'an ISO 8601 timestamp such as 2026-11-23T09:15:00.000Z', value);
  }
  return new Date(value).toISOString();
}

function range(field: FieldDef, value: unknown, item: (v: unknown) => string, expected: string): { start: string; end: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid(field, expected, value);
  const { start, end } = value as Record<string, unknown>;
  try {
    return { start: item(start), end: item(end) };
  } catch {
    throw invalid(field, expected, value);
  }
}

/** Validates a written value of a value field and returns the JSON stored (null clears). */
export function encodeValue(field: FieldDef, value: unknown): unknown {
  if (value === null) return null;
  const type = field.fieldType;
  if (!isPrimitiveFieldType(type)) throw invalid(field, 'a reference', value);
  return encodePrimitive(field, type, value);
}

function encodePrimitive(field: FieldDef, type: PrimitiveFieldType, value: unknown): unknown {
  switch (type) {
    case 'svc/uuid':
      if (!isUuid(value)) throw invalid(field, 'a UUID string', value);
      return value.toLowerCase();
    case 'Collaboration~Documents/Document': {
      const secret = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)['Collaboration~Documents/secret'] : value;
      if (!isUuid(secret)) throw invalid(field, 'a document secret (a UUID, or {"Collaboration~Documents/secret": "<uuid>"})', value);
      return secret.toLowerCase();
    }
    case 'svc/text':
    case 'svc/string':
      if (typeof value !== 'string' || value.length > MAX_TEXT) throw invalid(field, 'a string', value);
      return value;
    case 'svc/url':
      if (typeof value !== 'string' || !URL.canParse(value)) throw invalid(field, 'an absolute URL', value);
      return value;
    case 'svc/email':
      if (typeof value !== 'string' || !EMAIL.test(value)) throw invalid(field, 'an e-mail address', value);
      return value;
    case 'svc/integer':
      if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw invalid(field, 'an integer', value);
      return value;
    case 'svc/decimal': {
      // A number, or a decimal string as the public API's clients send it (stored as the number).
      const n = typeof value === 'string' ? decimalOfText(value) : value;
      if (typeof n !== 'number' || !Number.isFinite(n)) throw invalid(field, 'a number (or a decimal string such as "2.01")', value);
      return n;
    }
    case 'svc/bool':
      if (typeof value !== 'boolean') throw invalid(field, 'true or false', value);
      return value;
    case 'svc/date':
      if (typeof value !== 'string' || !isValidDate(value)) throw invalid(field, 'a date YYYY-MM-DD', value);
      return value;
    case 'svc/date-time':
      return normaliseDateTime(field, value);
    case 'svc/date-range':
      return range(field, value, (v) => {
        if (typeof v !== 'string' || !isValidDate(v)) throw new Error('date');
        return v;
      }, 'an object {start, end} of dates YYYY-MM-DD');
    case 'svc/date-time-range':
      return range(field, value, (v) => normaliseDateTime(field, v), 'an object {start, end} of ISO 8601 timestamps');
    case 'svc/location': {
      const expected = 'an object {latitude, longitude, fullAddress?} with latitude in [-90, 90] and longitude in [-180, 180]';
      if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid(field, expected, value);
      const { latitude, longitude, fullAddress } = value as Record<string, unknown>;
      const lat = Number(latitude);
      const lon = Number(longitude);
      if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) throw invalid(field, expected, value);
      if (fullAddress !== undefined && typeof fullAddress !== 'string') throw invalid(field, expected, value);
      return { latitude: lat, longitude: lon, ...(fullAddress !== undefined ? { fullAddress } : {}) };
    }
    case 'svc/json-value':
      // Any JSON value the request held (its size bounded by the body limit), kept as given.
      return value;
    case 'file/file': {
      const expected = 'an array of {file/name, file/url}';
      if (!Array.isArray(value) || value.length > 1000) throw invalid(field, expected, value);
      const files = value.map((f: unknown) => {
        const o = f as Record<string, unknown> | null;
        if (!o || typeof o['file/name'] !== 'string' || typeof o['file/url'] !== 'string' || !URL.canParse(o['file/url'])) {
          throw invalid(field, expected, value);
        }
        return { 'file/name': o['file/name'], 'file/url': o['file/url'] };
      });
      return files.length > 0 ? files : null;
    }
  }
}

/** A stored value as the API shows it. */
export function decodeValue(field: FieldDef, raw: unknown): unknown {
  if (raw === null || raw === undefined) return field.fieldType === 'file/file' ? [] : null;
  switch (field.fieldType) {
    case 'svc/date-time':
      return raw instanceof Date ? raw.toISOString() : new Date(String(raw)).toISOString();
    case 'svc/date':
      return raw instanceof Date ? raw.toISOString().slice(0, 10) : String(raw).slice(0, 10);
    case 'svc/integer':
    case 'svc/decimal':
      return Number(raw);
    case 'Collaboration~Documents/Document':
      return { 'Collaboration~Documents/secret': raw };
    default:
      return raw;
  }
}

/** Reads `{svc/id}` (or a bare UUID string) as a referenced Entity id. */
export function referenceId(field: FieldDef, value: unknown): string {
  const id = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>)['svc/id'] : value;
  if (!isUuid(id)) throw invalid(field, 'a reference {"svc/id": "<uuid>"}', value);
  return id.toLowerCase();
}
