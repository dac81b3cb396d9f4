/**
 * Starts a sync without waiting for it and reads the run until it ends: the states a client
 * polling the run sees on the way (status, attempts, nextAttemptAt, the counts so far). Bounded
 * like runSync (RUN_WAIT_MS, never past the check's deadline).
 */
import { expectJson, expectStatus } from '../../assert.js';
import type { CheckContext } from '../../check.js';
import type { HttpResponse } from '../../http.js';
import { describeRun, ended, expectRun, getRun, RUN_WAIT_MS, startSyncRaw, type SyncRun } from './admin.js';
import { waitFor } from './wait.js';

/** Pause between two reads of the run. */
const READ_EVERY_MS = 100;

export interface WatchedRun {
  /** The ended run. */
  run: SyncRun;
  /** Every state read before it ended, in order (the answer to the start first). */
  seen: SyncRun[];
  /** The read that showed the end. */
  res: HttpResponse;
}

/** Starts a sync of the source without waiting and watches the run to its end. */
export async function watchRun(ctx: CheckContext, sourceId: string, what: string): Promise<WatchedRun> {
  const start = await startSyncRaw(ctx, sourceId, false);
  const started = `${what}: POST .../syncs`;
  expectStatus(start, [200, 202], started);
  return watchRunOf(ctx, expectRun(start, expectJson(start, started), started), what, start);
}

/** Reads a started run until it ends. `res`: the exchange that showed `first`. */
export async function watchRunOf(ctx: CheckContext, first: SyncRun, what: string, res: HttpResponse): Promise<WatchedRun> {
  const seen: SyncRun[] = [first];
  let last = res;
  if (ended(first)) return { run: first, seen: [], res: last };
  const run = await waitFor(
    ctx,
    `${what}: the end of run ${first.id}`,
    async () => {
      const read = await getRun(ctx, first.id);
      last = read.res;
      if (ended(read.run)) return { value: read.run, seen: describeRun(read.run), res: read.res };
      seen.push(read.run);
      return { value: undefined, seen: describeRun(read.run), res: read.res };
    },
    { boundMs: RUN_WAIT_MS, stepMs: READ_EVERY_MS },
  );
  return { run, seen, res: last };
}
