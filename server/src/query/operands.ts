// Operands of `q/where`: `$params` looked up, literal and parameter values checked against the
// field they are compared with, so that SQL never sees a value of the wrong type.
import { excerpt } from '../api/excerpt.js';
import { Failure } from '../api/failure.js';
import type { FieldDef } from '../model/catalog.js';
import { decimalOfText, isUuid } from '../model/value-codec.js';
import { valueKind } from './paths.js';

export type QueryParams = Record<string, unknown>;

/** The value of an operand: a `$param` is replaced by its value from `params`. */
export function resolveOperand(raw: unknown, params: QueryParams, where: string): unknown {
  if (typeof raw === 'string' && raw.startsWith('$')) {
    if (!Object.hasOwn(params, raw)) {
      throw new Failure('entity.error/query-param-not-found', `${where} uses the parameter "${raw}", which is not in params.`, { param: raw, field: where });
    }
    return params[raw];
  }
  return raw;
}

function invalid(field: FieldDef, value: unknown, expected: string, where: string): Failure {
  return new Failure(
    'entity.error/query-value-invalid',
    `In ${where}, "${field.name}" is compared with ${excerpt(value)}, but it needs ${expected}.`,
    { field: field.name, value: value as never, expected },
  );
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A value as the SQL of `field` compares it (text-stored timestamps normalised to ISO with ms). */
export function coerce(field: FieldDef, value: unknown, where: string): unknown {
  switch (valueKind(field)) {
    case 'uuid': {
      // Stryker disable next-line ConditionalExpression: null never reaches here (a comparison with null is a q/null? test)
      const id = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>)['svc/id'] : value;
      if (!isUuid(id)) throw invalid(field, value, 'a UUID', where);
      // Stryker disable next-line MethodExpression: the columns are of type uuid, which compares without regard to case
      return id.toLowerCase();
    }
    case 'numeric': {
      // svc/public-id is a string of a number; a svc/decimal may be given as a decimal string ("1.75").
      const n = typeof value !== 'string' ? value : field.name === 'svc/public-id' ? Number(value) : field.fieldType === 'svc/decimal' ? decimalOfText(value) : value;
      // Stryker disable next-line ConditionalExpression: Number.isFinite is false for every other type too
      if (typeof n !== 'number' || !Number.isFinite(n)) throw invalid(field, value, 'a number', where);
      return n;
    }
    case 'boolean':
      if (typeof value !== 'boolean') throw invalid(field, value, 'true or false', where);
      return value;
    // Stryker disable next-line ConditionalExpression: the text case below reads svc/date-time fields the same way
    case 'timestamp':
      if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) throw invalid(field, value, 'an ISO 8601 timestamp', where);
      return new Date(value).toISOString();
    case 'text':
      if (typeof value !== 'string') throw invalid(field, value, 'a string', where);
      if (field.fieldType === 'svc/date-time') {
        if (Number.isNaN(Date.parse(value))) throw invalid(field, value, 'an ISO 8601 timestamp', where);
        return new Date(value).toISOString();
      }
      if (field.fieldType === 'svc/date' && !DATE.test(value)) throw invalid(field, value, 'a date YYYY-MM-DD', where);
      return value;
    case 'json':
      throw new Failure('entity.error/query-operator-invalid', `In ${where}, "${field.name}" (${field.fieldType}) can only be tested with q/null?.`, {
        field: field.name,
        operator: where,
        expr: value as never,
      });
  }
}
