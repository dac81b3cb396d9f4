/**
 * The sync rules of spec/integrations.md ("Runs") as a model of one type's rows: what a run of
 * scripted data pages (script-front.ts) leaves, and the counts it reports. A page is applied as a
 * whole, and when a key comes more than once in one page its last row stands for it; pages are
 * applied in order. `SET` (or no `__syncAction`) creates or updates the row's Entity with the
 * values it carries (an absent field clears), `REMOVE` removes the Entity of a known key and does
 * nothing for an unknown one. When every page of the run is `full` (or says nothing), the Entities
 * no page delivered are removed afterwards, unless the source keeps unsynced data.
 */
import type { AppDataRow } from './mock.js';
import type { ScriptedPage } from './script-front.js';

/** Row key to the row's values (the fields of the app schema, absent ones left out). */
export type ModelState = Map<string, AppDataRow>;

export interface ModelRun {
  state: ModelState;
  /** The counts the run must report (`SyncStats`). */
  stats: { pages: number; rows: number; created: number; removed: number };
  /** Existing Entities a SET row changed (`updated`), when each was changed once; undefined when one was changed on several pages (counting it once or per write are both fair readings). */
  updated: number | undefined;
  /** Keys whose Entity the run kept and wrote with a SET row (their `svc/id` stays unless the run also removed the key). */
  set: Set<string>;
  /** Keys the run removed at some point (a key removed and delivered again gets a new Entity). */
  removed: Set<string>;
}

/** The row key: a string without the blanks around it, or a number's text. */
export function keyOf(row: AppDataRow): string {
  const key = row['id'];
  return typeof key === 'string' ? key.trim() : String(key);
}

/** `SET`, `REMOVE` (the contract's two values), or null when the row carries none. */
export function actionOf(row: AppDataRow): 'SET' | 'REMOVE' | null {
  const action = row['__syncAction'];
  return action === 'REMOVE' || action === 'SET' ? action : null;
}

export function isRemove(row: AppDataRow): boolean {
  return actionOf(row) === 'REMOVE';
}

/** The last row of each key of a page, in the order of their last appearance. */
function lastRowPerKey(items: readonly AppDataRow[]): AppDataRow[] {
  const last = new Map<string, AppDataRow>();
  for (const row of items) {
    last.delete(keyOf(row));
    last.set(keyOf(row), row);
  }
  return [...last.values()];
}

/** The values a SET row writes: its fields, with its key as indexed and its `__syncAction` as kept in the hidden field (SET, or none). */
function valuesOf(row: AppDataRow): AppDataRow {
  const { __syncAction: _action, ...values } = row;
  const action = actionOf(row);
  return { ...values, id: keyOf(row), ...(action === null ? {} : { __syncAction: action }) };
}

/** Whether two rows hold the same values as Entities show them (an absent value, null and the empty string are alike). */
function sameValues(a: AppDataRow, b: AppDataRow): boolean {
  const shown = (row: AppDataRow, field: string) => (row[field] === undefined || row[field] === null || row[field] === '' ? null : row[field]);
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].every((field) => shown(a, field) === shown(b, field));
}

/** Whether every page of a run is full (a page without `synchronizationType` is full). */
export function allFull(pages: readonly ScriptedPage[]): boolean {
  return pages.every((p) => (p.synchronizationType ?? 'full') === 'full');
}

/** What a run of `pages` makes of `before` (not changed). */
export function applyRun(before: ModelState, pages: readonly ScriptedPage[], keepUnsynced = false): ModelRun {
  const state: ModelState = new Map([...before].map(([k, v]) => [k, structuredClone(v)]));
  const stats = { pages: 0, rows: 0, created: 0, removed: 0 };
  const set = new Set<string>();
  const removed = new Set<string>();
  const delivered = new Set<string>();
  const changed = new Set<string>();
  let writes = 0;
  for (const page of pages) {
    stats.pages += 1;
    stats.rows += page.items.length;
    for (const row of lastRowPerKey(page.items)) {
      const key = keyOf(row);
      if (isRemove(row)) {
        if (state.delete(key)) {
          stats.removed += 1;
          removed.add(key);
        }
        delivered.delete(key);
        continue;
      }
      const old = state.get(key);
      if (!old) stats.created += 1;
      else if (!sameValues(old, valuesOf(row))) {
        writes += 1;
        changed.add(key);
      }
      state.set(key, valuesOf(row));
      set.add(key);
      delivered.add(key);
    }
  }
  if (allFull(pages) && !keepUnsynced) {
    for (const key of [...state.keys()]) {
      if (delivered.has(key)) continue;
      state.delete(key);
      stats.removed += 1;
      removed.add(key);
    }
  }
  return { state, stats, set, removed, updated: writes === changed.size ? writes : undefined };
}
