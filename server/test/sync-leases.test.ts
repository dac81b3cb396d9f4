// The leases of sources (run-lease.ts), on every storage: a source with unfinished runs is
// claimed by one holder at a time; the holder renews and releases it by its token; a lease not
// renewed in time is taken over, after which the former holder's writes are refused (LeaseLost).
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { claimSources, ensureLeaseRow, holdLease, LeaseLost, nextRunId, releaseLease, renewLease } from '../src/integrations/sync/run-lease.js';
import { createRun, updateRun } from '../src/integrations/sync/run-store.js';
import { openDatabase, storages } from './storages.js';

describe.each(storages)('source leases on $name', (storage) => {
  let db: Database | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  async function withRuns(n: number): Promise<{ db: Database; sourceId: string; runIds: number[] }> {
    db = await openDatabase(storage);
    await migrate(db);
    const sourceId = randomUUID();
    const runIds: number[] = [];
    for (let i = 0; i < n; i++) {
      runIds.push(
        await db.transaction(async (tx) => {
          await ensureLeaseRow(tx, sourceId);
          return (await createRun(tx, sourceId, 'manual', new Date())).id;
        }),
      );
    }
    return { db, sourceId, runIds };
  }

  it('claims a source with unfinished runs once, until it is released; runs go oldest first', async () => {
    const { db, sourceId, runIds } = await withRuns(2);
    const [lease] = await claimSources(db, 4, 60_000);
    expect(lease?.sourceId).toBe(sourceId);
    expect(await claimSources(db, 4, 60_000)).toEqual([]);
    expect(await nextRunId(db, sourceId)).toBe(runIds[0]);
    await updateRun(db, runIds[0] as number, { status: 'succeeded', finished: true });
    expect(await nextRunId(db, sourceId)).toBe(runIds[1]);
    await releaseLease(db, lease!);
    const [again] = await claimSources(db, 4, 60_000);
    expect(again?.sourceId).toBe(sourceId);
    expect(again?.token).not.toBe(lease?.token);
  });

  it('does not claim a source whose runs have all ended', async () => {
    const { db, runIds } = await withRuns(1);
    await updateRun(db, runIds[0] as number, { status: 'failed', finished: true });
    expect(await claimSources(db, 4, 60_000)).toEqual([]);
  });

  it('takes over a lease that ran out; the former holder can neither renew nor write under it', async () => {
    const { db, sourceId } = await withRuns(1);
    const [stale] = await claimSources(db, 1, 500);
    expect(stale).toBeDefined();
    expect(await renewLease(db, stale!)).toBe(true);
    // Run out: the lease's end is put in the past (no waiting in a test).
    await db.query("UPDATE integration_source_leases SET lease_until = '2000-01-01T00:00:00Z' WHERE source_id = $1", [sourceId]);
    const [fresh] = await claimSources(db, 1, 60_000);
    expect(fresh?.sourceId).toBe(sourceId);
    expect(await renewLease(db, stale!)).toBe(false);
    await expect(db.transaction((tx) => holdLease(tx, stale!))).rejects.toBeInstanceOf(LeaseLost);
    await db.transaction((tx) => holdLease(tx, fresh!));
    // Releasing by the stale token leaves the fresh holder's lease as it is.
    await releaseLease(db, stale!);
    expect(await claimSources(db, 1, 60_000)).toEqual([]);
  });
});
