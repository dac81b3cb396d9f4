/**
 * The edges of data pages, drawn in every run: the runs of `sync.page-edges`, each a list of
 * scripted pages (script-front.ts) that puts every kind of row — a REMOVE of a known key and of
 * an unknown one, a SET of an existing key and of a new one — at the first and at the last place
 * of a page, with empty pages (first, between others, last), one-row pages, the same key on
 * several pages and twice in one page, a key removed and delivered again, rows without
 * `__syncAction`, absent fields, a last page without `pagination`; then full runs that are not all full, that deliver rows only at
 * the edges of their pages, and that deliver nothing at all.
 */
import type { AppDataRow } from './mock.js';
import type { ScriptedPage } from './script-front.js';

const set = (id: string, name: string, size?: number): AppDataRow => ({ id, name, ...(size === undefined ? {} : { size }), __syncAction: 'SET' });
const plain = (id: string, name: string, size?: number): AppDataRow => ({ id, name, ...(size === undefined ? {} : { size }) });
const remove = (id: string | number): AppDataRow => ({ id, __syncAction: 'REMOVE' });
const full = (...items: AppDataRow[]): ScriptedPage => ({ items, synchronizationType: 'full' });
const delta = (...items: AppDataRow[]): ScriptedPage => ({ items, synchronizationType: 'delta' });
const unsaid = (...items: AppDataRow[]): ScriptedPage => ({ items });
/** A last page that says nothing of its pagination either: no `pagination` member (optional in DataResponse), so no next page. */
const lastUnsaid = (...items: AppDataRow[]): ScriptedPage => ({ items, pagination: false });

export interface EdgeRun {
  /** What the run is, for messages. */
  what: string;
  pages: ScriptedPage[];
}

/** The runs, in order, of one source (type `thing`: `name` text, `size` number). */
export const EDGE_RUNS: readonly EdgeRun[] = [
  {
    what: 'a full first run of two pages and an empty last page',
    pages: [
      full(plain('k1', 'one', 1), plain('k2', 'two', 2), plain('k3', 'three', 3), plain('k4', 'four', 4)),
      // A number key (its text is the key) and a key with blanks around it (they are dropped).
      full(plain('k5', 'five', 5), plain('k6', 'six', 6), plain('k7', 'seven', 7), plain('k8', 'eight', 8), { id: 42, name: 'forty-two', size: 42 }, { id: ' k9 ', name: 'nine', size: 9 }),
      full(),
    ],
  },
  {
    what:
      'a delta run whose pages start and end with each kind of row (REMOVE of a known key, REMOVE of an unknown key, SET of an existing key, SET of a new key), ' +
      'with an empty page between others, duplicates of one key across pages and within a page, a key removed then delivered again, and a one-row last page',
    pages: [
      // first: REMOVE known; last: SET new. A row without __syncAction is a SET.
      delta(remove('k1'), set('k2', 'two, renamed', 20), plain('n1', 'new one', 100), remove('u1'), set('k3', 'three (first)', 30), set('n2', 'new two', 200)),
      delta(),
      // first: SET existing (its size absent: cleared); last: REMOVE unknown. k3 twice in one page: the last row stands.
      delta(set('k4', 'four, no size'), set('n1', 'new one, again', 101), set('k3', 'three (second)', 31), set('k3', 'three (third)', 32), remove('u2')),
      // first: SET new; k1 removed on the first page comes back (a new Entity); last: REMOVE known.
      // The key 42 came as a number and goes as text; k9 came with blanks and comes without.
      delta(set('n3', 'new three', 300), set('k1', 'one is back', 10), remove('42'), set('k9', 'nine, renamed', 90), plain('n4', 'new four', 400), remove('k5')),
      // first: REMOVE unknown; k7 set then removed in one page: removed; last: SET existing.
      delta(remove('u3'), set('k7', 'seven, changed', 70), remove('k7'), set('k2', 'two, renamed again', 21)),
      // one row: first and last at once.
      delta(remove('k8')),
    ],
  },
  {
    what: 'a run whose pages are not all full (full, delta, and a last page that says nothing, without synchronizationType and without pagination): it removes nothing undelivered',
    pages: [full(plain('k1', 'one is back', 10), plain('k2', 'two, renamed again', 21)), delta(set('k3', 'three (fourth)', 33)), lastUnsaid()],
  },
  {
    what: 'a full run that delivers rows only at the edges of its pages (the first row of the first page, the last of the last), with an empty page between',
    pages: [unsaid(plain('n1', 'new one, again', 101)), full(), full(plain('k2', 'two, renamed again', 21), plain('k4', 'four, no size', 4))],
  },
  {
    what: 'a full run of one empty page: every Entity of the type is undelivered',
    pages: [full()],
  },
];
