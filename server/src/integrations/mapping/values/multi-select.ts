// Multi select values (MAP-029, MAP-030): a JSON array of option names, its JSON text, or a
// comma-separated string. Names are trimmed; empty names and repeats are dropped.
import { parseJsonText } from './json-text.js';
import { isEmpty, ValueError } from './value-error.js';

const EXPECTED = 'option names: a JSON array of strings, its JSON text, or a comma-separated string';
const MAX_NAMES = 1000;

function unique(names: string[], original: unknown): string[] {
  const kept = [...new Set(names.map((n) => n.trim()).filter((n) => n !== ''))];
  if (kept.length > MAX_NAMES) throw new ValueError(`at most ${MAX_NAMES} ${EXPECTED}`, original);
  return kept;
}

function fromArray(items: unknown[], original: unknown): string[] {
  return unique(
    items.map((item) => {
      if (typeof item === 'string') return item;
      if (typeof item === 'number' || typeof item === 'boolean') return String(item);
      throw new ValueError(EXPECTED, original);
    }),
    original,
  );
}

export function toNames(value: unknown): string[] {
  if (isEmpty(value)) return [];
  if (Array.isArray(value)) return fromArray(value, value);
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  if (typeof value !== 'string') throw new ValueError(EXPECTED, value);
  const text = value.trim();
  if (text.startsWith('[')) {
    const parsed = parseJsonText(text, EXPECTED, value);
    if (!Array.isArray(parsed)) throw new ValueError(EXPECTED, value);
    return fromArray(parsed, value);
  }
  return unique(text.split(','), value);
}

/** A single name (single select, workflow, a people relation's value): trimmed; empty gives none. */
export function toName(value: unknown): string[] {
  if (isEmpty(value)) return [];
  if (typeof value === 'string') return [value.trim()];
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  throw new ValueError('a name (a string)', value);
}
