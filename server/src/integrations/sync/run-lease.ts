// Leases of sources in SQL (`integration_source_leases`): a process runs a source's unfinished
// runs, oldest first, only while it holds the source's lease. A lease is a row, not a transaction:
// its holder renews it (every page it applies does, and a timer between pages); one not renewed
// by `lease_until` (its process died or hangs) is free for any process to claim, and everything a
// holder writes checks its token first, so a process that lost its lease changes nothing more.
import { randomUUID } from 'node:crypto';
import { claimLock, type Database, type Queryable } from '../../db/database.js';

/** A source this process runs the runs of while the lease holds. */
export interface SourceLease {
  sourceId: string;
  token: string;
  leaseMs: number;
}

/** Thrown where a write finds the lease gone (run out and taken over): the transaction rolls back. */
export class LeaseLost extends Error {
  constructor(readonly sourceId: string) {
    super(`the lease of source ${sourceId} was lost`);
  }
}

const UNFINISHED = "status IN ('running', 'retrying')";

/** Makes the lease row of a source (free) unless there is one; in the transaction that creates a run. */
export async function ensureLeaseRow(tx: Queryable, sourceId: string): Promise<void> {
  await tx.query('INSERT INTO integration_source_leases (source_id, lease_token, lease_until) VALUES ($1, NULL, $2) ON CONFLICT (source_id) DO NOTHING', [
    sourceId,
    new Date().toISOString(),
  ]);
  // Locked until the transaction ends: run creations of one source take turns (the one-manual-run check).
  await tx.query('SELECT source_id FROM integration_source_leases WHERE source_id = $1 FOR UPDATE', [sourceId]);
}

/**
 * Claims up to `limit` free sources (no live lease) that have unfinished runs, longest free first.
 * On PostgreSQL the rows are taken with `FOR UPDATE SKIP LOCKED` (`claimLock`), so two processes
 * never claim the same source.
 */
export async function claimSources(db: Database, limit: number, leaseMs: number): Promise<SourceLease[]> {
  const now = new Date().toISOString();
  const claimable = `lease_until <= $1 AND source_id IN (SELECT source_id FROM integration_runs WHERE ${UNFINISHED})`;
  // A look first, without a transaction: an idle engine costs one small statement per poll.
  const { rows: candidates } = await db.query<{ source_id: string }>(`SELECT source_id FROM integration_source_leases WHERE ${claimable} LIMIT 1`, [now]);
  if (candidates.length === 0) return [];
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ source_id: string }>(
      `SELECT source_id FROM integration_source_leases WHERE ${claimable} ORDER BY lease_until, source_id LIMIT ${Math.max(1, Math.floor(limit))} ${claimLock(db.kind)}`,
      [now],
    );
    const leases: SourceLease[] = [];
    const until = new Date(Date.now() + leaseMs).toISOString();
    for (const row of rows) {
      const token = randomUUID();
      await tx.query('UPDATE integration_source_leases SET lease_token = $1, lease_until = $2 WHERE source_id = $3', [token, until, row.source_id]);
      leases.push({ sourceId: row.source_id, token, leaseMs });
    }
    return leases;
  });
}

/** Extends the lease by its length from now; false when it is no longer held (run out and taken over). */
export async function renewLease(q: Queryable, lease: SourceLease): Promise<boolean> {
  const { rows } = await q.query<{ source_id: string }>(
    'UPDATE integration_source_leases SET lease_until = $1 WHERE source_id = $2 AND lease_token = $3 RETURNING source_id',
    [new Date(Date.now() + lease.leaseMs).toISOString(), lease.sourceId, lease.token],
  );
  return rows.length > 0;
}

/** `renewLease` in a transaction that must not commit without the lease. */
export async function holdLease(tx: Queryable, lease: SourceLease): Promise<void> {
  if (!(await renewLease(tx, lease))) throw new LeaseLost(lease.sourceId);
}

/** Frees the source at once (when still held): any process may claim it again. */
export async function releaseLease(q: Queryable, lease: SourceLease): Promise<void> {
  await q.query('UPDATE integration_source_leases SET lease_token = NULL, lease_until = $1 WHERE source_id = $2 AND lease_token = $3', [
    new Date().toISOString(),
    lease.sourceId,
    lease.token,
  ]);
}

/** The oldest unfinished run of a source (runs of a source go one at a time, in the order they were made). */
export async function nextRunId(q: Queryable, sourceId: string): Promise<number | undefined> {
  const { rows } = await q.query<{ id: number }>(`SELECT id FROM integration_runs WHERE source_id = $1 AND ${UNFINISHED} ORDER BY id LIMIT 1`, [sourceId]);
  return rows[0] ? Number(rows[0].id) : undefined;
}
