// Text to boolean (MAP-012, MAP-013): `true`, `yes`, `on`, `1`, `checked` are true; `false`, `no`,
// `off`, `0` and the empty string are false (case-insensitive, trimmed); JSON booleans as they are.
import { ValueError } from './value-error.js';

export const TRUE_WORDS: readonly string[] = ['true', 'yes', 'on', '1', 'checked'];
export const FALSE_WORDS: readonly string[] = ['false', 'no', 'off', '0', ''];
const EXPECTED = 'a boolean: true, yes, on, 1, checked, false, no, off, 0 or an empty string';

/** `null` clears; the empty string is false. */
export function toBool(value: unknown): boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value === 'string') {
    const word = value.trim().toLowerCase();
    if (TRUE_WORDS.includes(word)) return true;
    if (FALSE_WORDS.includes(word)) return false;
  }
  throw new ValueError(EXPECTED, value);
}
