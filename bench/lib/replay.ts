// The raw SQL baseline: statements the server ran (recorded by server/src/db/recording.ts) sent
// again, unchanged and with the same parameters, straight to the same storage, and timed. A
// profile groups them by statement text (parameter lists collapsed) to show where time goes.
import type { Database, Queryable } from '../../server/src/db/database.js';
import type { RecordedStatement } from '../../server/src/db/recording.js';
import { now, withTimeout } from './timing.js';

/** The statements of one request. */
export type Group = RecordedStatement[];

/**
 * Statement text with parameter lists (`$3, $4, $5`) collapsed to `$…` and other parameters
 * written `$n`, and the rows of a multi-row INSERT (`VALUES ($…), ($…), …`) collapsed to `($…), …`, so
 * statements that differ only in how many values a list holds, or rows an INSERT, share one shape.
 */
export function shapeOf(text: string): string {
  return text
    .replace(/\$\d+(?:\s*,\s*\$\d+)+/g, '$…')
    .replace(/\$\d+/g, '$n')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\(\$…\)(?:\s*,\s*\(\$…\))+/g, '($…), …');
}

export interface ShapeStats {
  shape: string;
  count: number;
  totalMs: number;
  /** The instance that took longest. */
  slowest: RecordedStatement & { ms: number };
  /** The instance replayed last (for paging: the last page, the one furthest into the index). */
  last: RecordedStatement & { ms: number };
}

/** Time per statement shape. */
export class Profile {
  private readonly byShape = new Map<string, ShapeStats>();

  add(statement: RecordedStatement, ms: number): void {
    const shape = shapeOf(statement.text);
    const s = this.byShape.get(shape) ?? { shape, count: 0, totalMs: 0, slowest: { ...statement, ms }, last: { ...statement, ms } };
    s.count += 1;
    s.totalMs += ms;
    if (ms > s.slowest.ms) s.slowest = { ...statement, ms };
    s.last = { ...statement, ms };
    this.byShape.set(shape, s);
  }

  get totalMs(): number {
    return [...this.byShape.values()].reduce((a, s) => a + s.totalMs, 0);
  }

  get statements(): number {
    return [...this.byShape.values()].reduce((a, s) => a + s.count, 0);
  }

  /** The shapes that took the most time, most first. */
  top(n: number): ShapeStats[] {
    return [...this.byShape.values()].sort((a, b) => b.totalMs - a.totalMs).slice(0, n);
  }
}

export interface ReplayResult {
  /** Wall time of the whole replay. */
  totalMs: number;
  /** Wall time of each group (one request's statements) that ran. */
  groupMs: number[];
  profile: Profile;
}

async function runGroup(q: Queryable, group: Group, profile: Profile, statementTimeoutMs: number): Promise<void> {
  for (const s of group) {
    const start = now();
    await withTimeout(q.query(s.text, s.params), statementTimeoutMs, `replayed statement ${shapeOf(s.text).slice(0, 80)}`);
    profile.add(s, now() - start);
  }
}

export interface ReplayOptions {
  /** Groups run at once (the concurrency of the measured API work). */
  concurrency?: number;
  /** Run each group in one transaction of `db` (writes: the server ran them in one). */
  transaction?: boolean;
  statementTimeoutMs?: number;
  /** Adds statement times to this profile (else to a new one). */
  profile?: Profile;
  /** Take no new group after this many milliseconds (the rest are left out of the result). */
  maxMs?: number;
}

/**
 * Sends every group's statements, in order within a group, to `db`; with `concurrency` > 1 that
 * many workers take the next group from a shared queue.
 */
export async function replay(db: Database, groups: Group[], options: ReplayOptions = {}): Promise<ReplayResult> {
  const concurrency = Math.max(1, options.concurrency ?? 1);
  const timeout = options.statementTimeoutMs ?? 60_000;
  const profile = options.profile ?? new Profile();
  const groupMs: number[] = [];
  const maxMs = options.maxMs ?? Number.POSITIVE_INFINITY;
  let next = 0;
  const start = now();
  const worker = async () => {
    while (next < groups.length && now() - start < maxMs) {
      const group = groups[next] as Group;
      next += 1;
      const begin = now();
      if (options.transaction) await db.transaction((tx) => runGroup(tx, group, profile, timeout));
      else await runGroup(db, group, profile, timeout);
      groupMs.push(now() - begin);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, Math.max(1, groups.length)) }, worker));
  return { totalMs: now() - start, groupMs, profile };
}

/**
 * Splits statements recorded while several requests of the same shape ran at once into one group
 * per request. The recording does not say which request ran a statement, so the statements of
 * each shape (shapes in first-seen order) are dealt out to the groups in recorded order (the k-th
 * of n goes to group floor(k * requests / n)): every recorded statement is replayed exactly once,
 * and a group holds one request's worth of statements in request order.
 */
export function groupInterleaved(statements: readonly RecordedStatement[], requests: number): Group[] {
  const queues = new Map<string, RecordedStatement[]>();
  for (const s of statements) {
    const shape = shapeOf(s.text);
    const q = queues.get(shape) ?? [];
    q.push(s);
    queues.set(shape, q);
  }
  const n = Math.max(1, requests);
  const groups: Group[] = Array.from({ length: n }, () => []);
  for (const q of queues.values()) q.forEach((s, k) => (groups[Math.floor((k * n) / q.length)] as Group).push(s));
  return groups.filter((g) => g.length > 0);
}
