// Numbers: JSON numbers or numeric strings (`svc/decimal`); `integer` refuses a fraction
// (`svc/integer`). An empty value clears.
import { isEmpty, ValueError } from './value-error.js';

const NUMERIC = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

function toNumber(value: unknown, expected: string): number | null {
  if (isEmpty(value)) return null;
  const number = typeof value === 'number' ? value : typeof value === 'string' && NUMERIC.test(value.trim()) ? Number(value.trim()) : NaN;
  if (!Number.isFinite(number)) throw new ValueError(expected, value);
  return number;
}

export function toDecimal(value: unknown): number | null {
  return toNumber(value, 'a number (a JSON number or a numeric string such as "12.5")');
}

export function toInteger(value: unknown): number | null {
  const expected = 'an integer (a JSON number or a numeric string without a fraction)';
  const number = toNumber(value, expected);
  if (number !== null && !Number.isSafeInteger(number)) throw new ValueError(expected, value);
  return number;
}
