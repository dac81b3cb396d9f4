/**
 * Expectations on the synchronized Entities of a type, keyed by row key: which keys exist, which
 * Entities stayed untouched (same `svc/id`, values and `svc/modification-date`), and the value of
 * the `deleted in source` mark.
 */
import { isDeepStrictEqual } from 'node:util';
import { fail } from '../../assert.js';
import type { HttpResponse } from '../../http.js';
import type { JsonRecord } from '../../shapes.js';

export type Entities = Map<string, JsonRecord>;

/** `res`: the read that showed the Entities, for the curl line of a failure. */
export function expectKeys(entities: Entities, expected: readonly string[], what: string, res?: HttpResponse): void {
  const got = [...entities.keys()].sort();
  const want = [...expected].sort();
  if (!isDeepStrictEqual(got, want)) {
    const extra = got.filter((k) => !want.includes(k));
    const missing = want.filter((k) => !got.includes(k));
    fail(`${what}: the Database holds the rows ${JSON.stringify(got)}, expected ${JSON.stringify(want)}${missing.length > 0 ? `; missing ${JSON.stringify(missing)}` : ''}${extra.length > 0 ? `; not expected ${JSON.stringify(extra)}` : ''}`, res);
  }
}

/** The Entities of `keys` are exactly as before (every selected field, `svc/modification-date` included). */
export function expectUnchanged(before: Entities, after: Entities, keys: readonly string[], what: string, res?: HttpResponse): void {
  for (const key of keys) {
    const old = before.get(key);
    const now = after.get(key);
    if (!old || !now) fail(`${what}: the row ${key} is ${old ? 'gone' : 'new'}, expected it untouched`, res);
    if (!isDeepStrictEqual(old, now)) {
      const changed = [...new Set([...Object.keys(old), ...Object.keys(now)])].filter((f) => !isDeepStrictEqual(old[f], now[f]));
      fail(`${what}: the Entity of row ${key} changed in ${changed.map((f) => `${f} (${JSON.stringify(old[f])} -> ${JSON.stringify(now[f])})`).join(', ')}; it was not delivered, so it must stay as it was`, res);
    }
  }
}

/** The `deleted in source` mark of an Entity ('no' and no value are the same). */
export function deletedMark(entity: JsonRecord | undefined, field: string): 'yes' | 'no' | string {
  const value = entity?.[field];
  return value === null || value === undefined ? 'no' : String(value);
}
