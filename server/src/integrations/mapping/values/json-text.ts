// Values that arrive either as JSON or as stringified JSON (ranges, locations, arrays of names).
import { ValueError } from './value-error.js';

/** Parses `text` as JSON, or throws a ValueError expecting `expected`. */
export function parseJsonText(text: string, expected: string, original: unknown = text): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ValueError(expected, original);
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
