/**
 * Values of the model as spec/query-semantics.md ("Values") compares them: ids as lowercase
 * text, public ids as numbers, text by code point, numbers as numbers, dates as text, date-times
 * as instants (normalised to `YYYY-MM-DDTHH:MM:SS.sssZ`), booleans by equality only.
 */
import type { ValueKind } from './schema.js';

/** A stored value of a value field (absent values are not stored). */
export type Scalar = string | number | boolean;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A value the model cannot compare (the query or write is outside what the model covers). */
export class ModelError extends Error {
  constructor(
    readonly errorName: string,
    message: string,
  ) {
    super(message);
    this.name = 'ModelError';
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** Compares two strings by code point (C collation), -1 / 0 / 1. */
export function compareCodePoints(a: string, b: string): number {
  const ia = a[Symbol.iterator]();
  const ib = b[Symbol.iterator]();
  for (;;) {
    const ca = ia.next();
    const cb = ib.next();
    if (ca.done || cb.done) return ca.done && cb.done ? 0 : ca.done ? -1 : 1;
    const pa = (ca.value as string).codePointAt(0) ?? 0;
    const pb = (cb.value as string).codePointAt(0) ?? 0;
    if (pa !== pb) return pa < pb ? -1 : 1;
  }
}

/** An ISO 8601 timestamp as `YYYY-MM-DDTHH:MM:SS.sssZ`. */
export function normaliseDateTime(value: string): string {
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw new ModelError('entity.error/query-value-invalid', `not a timestamp: ${value}`);
  return new Date(time).toISOString();
}

/** A written value as the service stores and returns it (date-times normalised). */
export function storedValue(kind: ValueKind, value: Scalar): Scalar {
  return kind === 'date-time' && typeof value === 'string' ? normaliseDateTime(value) : value;
}

/**
 * The number a `svc/decimal` value written as a string spells (spec: EntityInput, "a decimal
 * string": `-`?, digits, `.` and digits optional, at most 100 characters, finite), or undefined.
 */
export function decimalOfText(value: string): number | undefined {
  if (value.length > 100 || !/^-?\d+(\.\d+)?$/.test(value)) return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * An operand of `q/where` as the field it is compared with reads it; throws a ModelError named
 * `entity.error/query-value-invalid` for a value of the wrong type.
 */
export function coerceOperand(kind: ValueKind, value: Json): Scalar {
  const wrong = (): never => {
    throw new ModelError('entity.error/query-value-invalid', `${JSON.stringify(value)} is not a ${kind} value`);
  };
  switch (kind) {
    case 'uuid': {
      const id = isJsonObject(value) ? value['svc/id'] : value;
      if (!isUuid(id)) return wrong();
      return id.toLowerCase();
    }
    case 'public-id': {
      const n = typeof value === 'string' ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isFinite(n)) return wrong();
      return n;
    }
    case 'integer':
      if (typeof value !== 'number' || !Number.isFinite(value)) return wrong();
      return value;
    case 'decimal': {
      const n = typeof value === 'string' ? decimalOfText(value) : value;
      if (typeof n !== 'number' || !Number.isFinite(n)) return wrong();
      return n;
    }
    case 'bool':
      if (typeof value !== 'boolean') return wrong();
      return value;
    case 'date-time':
      if (typeof value !== 'string') return wrong();
      return normaliseDateTime(value);
    case 'text':
    case 'date':
      if (typeof value !== 'string') return wrong();
      return value;
  }
}

/** Orders two (coerced or stored) values of one kind; booleans order false < true. */
export function compareValues(kind: ValueKind, a: Scalar, b: Scalar): number {
  switch (kind) {
    case 'public-id':
    case 'integer':
    case 'decimal': {
      const x = Number(a);
      const y = Number(b);
      return x < y ? -1 : x > y ? 1 : 0;
    }
    case 'bool':
      return a === b ? 0 : a === false ? -1 : 1;
    case 'uuid':
      return compareCodePoints(String(a).toLowerCase(), String(b).toLowerCase());
    case 'text':
    case 'date':
    case 'date-time':
      return compareCodePoints(String(a), String(b));
  }
}

export type ComparisonOperator = '=' | '!=' | '<' | '<=' | '>' | '>=';

/** `a <op> b` for a present value `a` (the caller handles missing values and negation of `!=`). */
export function holds(op: Exclude<ComparisonOperator, '!='>, kind: ValueKind, a: Scalar, b: Scalar): boolean {
  const c = compareValues(kind, a, b);
  switch (op) {
    case '=':
      return c === 0;
    case '<':
      return c < 0;
    case '<=':
      return c <= 0;
    case '>':
      return c > 0;
    case '>=':
      return c >= 0;
  }
}

/** JSON text with object keys sorted, for comparing results regardless of key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}
