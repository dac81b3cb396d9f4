/**
 * Canonical JSON (object keys sorted, at every depth): equal values give equal strings, whatever
 * the order in which an app wrote their keys.
 */
import { isRecord } from '../../shapes.js';

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (isRecord(value)) return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sorted(value[k])]));
  return value;
}

export function canonicalJson(value: unknown): string {
  return JSON.stringify(sorted(value)) ?? 'undefined';
}
