// The delivery queue in SQL: claiming webhooks that have pending deliveries, reading the oldest,
// and recording an attempt. Deliveries of one webhook go out one at a time, in sequence order:
// a process holds a lease on the webhook (a row of `webhook_leases`, not a transaction) while it
// posts. Commands never touch the leases, so workers and commands do not wait for each other.
import { randomUUID } from 'node:crypto';
import { claimLock, type Database, type Queryable } from '../db/database.js';
import { retryDelayMs, type RetrySchedule } from './schedule.js';
import { isSuccess, type AttemptResult } from './sender.js';
import { placeholders } from '../db/sql-lists.js';

/** A webhook this process delivers to while the lease holds. */
export interface Claim {
  webhookId: number;
  token: string;
  /** When the lease runs out as this process last set it (ms since the epoch). */
  until: number;
}

/**
 * Pending deliveries of a webhook read ahead, oldest first. While a process holds a webhook's
 * lease its pending deliveries change only through it (commands add later ones; deleting the
 * webhook deletes its lease too, which every write checks), so the ones read ahead stay as read.
 */
const READ_AHEAD = 20;

/** A kept lease is set to its full length again once this long has passed since it last was. */
const LEASE_RENEWAL_MS = 1_000;

export interface PendingDelivery {
  id: number;
  webhookId: number;
  sequenceId: number;
  messageId: string;
  body: string;
  attempts: number;
  nextAttemptAt: Date;
  url: string;
  secret: string;
}

interface DeliveryRow {
  id: number;
  sequence_id: number;
  message_id: string;
  body: string;
  attempts: number;
  next_attempt_at: unknown;
}

function asDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value));
}

/** Free (a lease runs until `lease_until`; so does a backoff) and something to deliver. */
const CLAIMABLE = "lease_until <= $1 AND webhook_id IN (SELECT webhook_id FROM webhook_deliveries WHERE state = 'pending')";

/**
 * Claims up to `limit` webhooks that have pending deliveries and are free (no live lease, no
 * backoff running), least recently served first. On PostgreSQL the rows are taken with
 * `FOR UPDATE SKIP LOCKED`, so processes sharing the schema never claim the same webhook; pg-mem
 * has no SKIP LOCKED and serves one process only, so it claims without it (`claimLock`, the one
 * place the queue depends on the storage).
 */
export async function claimWebhooks(db: Database, limit: number, leaseMs: number, options: { look?: boolean } = {}): Promise<Claim[]> {
  const now = new Date().toISOString();
  // `look`: a look without a transaction first, so that an idle queue costs one small statement
  // per poll (skipped when a command just wrote deliveries).
  if (options.look ?? true) {
    const { rows: candidates } = await db.query<{ webhook_id: number }>(`SELECT webhook_id FROM webhook_leases WHERE ${CLAIMABLE} LIMIT 1`, [now]);
    if (candidates.length === 0) return [];
  }
  const lock = claimLock(db.kind);
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ webhook_id: number }>(
      `SELECT webhook_id FROM webhook_leases WHERE ${CLAIMABLE} ORDER BY lease_until, webhook_id LIMIT ${Math.max(1, Math.floor(limit))} ${lock}`,
      [now],
    );
    if (rows.length === 0) return [];
    const token = randomUUID();
    const ids = rows.map((r) => Number(r.webhook_id));
    const until = Date.now() + leaseMs;
    await tx.query(`UPDATE webhook_leases SET lease_token = $1, lease_until = $2 WHERE webhook_id IN (${placeholders(ids.length, 3)})`, [
      token,
      new Date(until).toISOString(),
      ...ids,
    ]);
    return ids.map((webhookId) => ({ webhookId, token, until }));
  });
}

function pending(row: DeliveryRow, webhookId: number, url: string, secret: string): PendingDelivery {
  return {
    id: Number(row.id),
    webhookId,
    sequenceId: Number(row.sequence_id),
    messageId: row.message_id,
    body: row.body,
    attempts: Number(row.attempts),
    nextAttemptAt: asDate(row.next_attempt_at),
    url,
    secret,
  };
}

/** The oldest pending deliveries of a webhook (at most READ_AHEAD, after sequence `after`), with the webhook's URL and secret. */
export async function pendingDeliveries(q: Queryable, webhookId: number, after = 0): Promise<PendingDelivery[]> {
  const { rows } = await q.query<DeliveryRow & { url: string; secret: string }>(
    `SELECT d.id, d.sequence_id, d.message_id, d.body, d.attempts, d.next_attempt_at, w.url, w.secret
     FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
     WHERE d.webhook_id = $1 AND d.state = 'pending' AND d.sequence_id > $2 ORDER BY d.sequence_id LIMIT ${READ_AHEAD}`,
    [webhookId, after],
  );
  return rows.map((row) => pending(row, webhookId, row.url, row.secret));
}

export interface FinishOptions {
  retry: RetrySchedule;
  leaseMs: number;
  worker: string;
  /** Keep the lease when the next delivery is due at once (the worker goes on without a new claim). */
  keepLease: boolean;
  requestTime: Date;
}

/** Runs kept per webhook (the list shows 50); older ones are deleted now and then. */
const RUNS_KEPT = 100;

/**
 * Records an attempt (a run) and moves the queue on: success deletes the delivery; a failure
 * schedules the next attempt, or after the last one marks the delivery `failed`, after which the
 * webhook's next delivery goes out. `queue`: the webhook's pending deliveries read ahead, the
 * attempted one (its head) first; it is moved on to match (read again when it runs out). Then
 * the lease is released until the oldest pending delivery is due (its backoff), or kept when
 * that is now and `keepLease`: the answer is then true, to go on with `queue[0]` (the lease is
 * set to its full length again at most once a second, so going on mostly costs no statement). Nothing
 * but the run is written when the lease was lost (it ran out and another process took over);
 * nothing at all when the webhook was deleted meanwhile. `result` undefined: nothing was
 * attempted (the oldest delivery was not due yet).
 */
export async function finishAttempt(
  db: Database,
  claim: Claim,
  queue: PendingDelivery[],
  result: AttemptResult | undefined,
  options: FinishOptions,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ lease_token: string | null }>('SELECT lease_token FROM webhook_leases WHERE webhook_id = $1 FOR UPDATE', [claim.webhookId]);
    const lease = rows[0];
    if (!lease) return false;
    const delivery = result ? queue[0] : undefined;
    if (delivery && result) {
      const { rows: inserted } = await tx.query<{ id: number }>(
        'INSERT INTO webhook_runs (webhook_id, delivery_id, sequence_id, http_status, elapsed_ms, request_time, worker) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id',
        [claim.webhookId, delivery.id, delivery.sequenceId, result.status, result.elapsedMs, options.requestTime.toISOString(), options.worker],
      );
      if (Number(inserted[0]?.id ?? 0) % 25 === 0) await trimRuns(tx, claim.webhookId);
    }
    // Stryker disable next-line BooleanLiteral: a lease taken over by another process (several processes on one PostgreSQL schema; the suite's server is one)
    if (lease.lease_token !== claim.token) return false;
    const now = Date.now();
    if (delivery && result) {
      const attempts = delivery.attempts + 1;
      if (isSuccess(result.status)) {
        await tx.query('DELETE FROM webhook_deliveries WHERE id = $1', [delivery.id]);
        queue.shift();
      } else if (attempts >= options.retry.attempts) {
        await tx.query("UPDATE webhook_deliveries SET state = 'failed', attempts = $1 WHERE id = $2", [attempts, delivery.id]);
        queue.shift();
      } else {
        const next = new Date(now + retryDelayMs(options.retry, attempts));
        await tx.query('UPDATE webhook_deliveries SET attempts = $1, next_attempt_at = $2 WHERE id = $3', [attempts, next.toISOString(), delivery.id]);
        delivery.attempts = attempts;
        delivery.nextAttemptAt = next;
      }
      if (queue.length === 0) queue.push(...(await pendingDeliveries(tx, claim.webhookId, delivery.sequenceId)));
    }
    const head = queue[0];
    const dueAt = head ? head.nextAttemptAt.getTime() : now;
    const goOn = head !== undefined && delivery !== undefined && options.keepLease && dueAt <= now;
    // Set less than LEASE_RENEWAL ago: the lease still has nearly its whole length left (far more
    // than an attempt takes), so going on needs no write.
    if (goOn && claim.until - options.leaseMs > now - Math.min(LEASE_RENEWAL_MS, options.leaseMs / 4)) return true;
    const until = goOn ? now + options.leaseMs : Math.max(dueAt, now);
    await tx.query('UPDATE webhook_leases SET lease_token = $1, lease_until = $2 WHERE webhook_id = $3', [goOn ? claim.token : null, new Date(until).toISOString(), claim.webhookId]);
    claim.until = until;
    return goOn;
  });
}

/** Keeps the latest runs of a webhook. */
async function trimRuns(tx: Queryable, webhookId: number): Promise<void> {
  const { rows } = await tx.query<{ id: number }>(`SELECT id FROM webhook_runs WHERE webhook_id = $1 ORDER BY id DESC OFFSET ${RUNS_KEPT} LIMIT 1`, [webhookId]);
  const oldest = rows[0];
  if (oldest) await tx.query('DELETE FROM webhook_runs WHERE webhook_id = $1 AND id <= $2', [webhookId, Number(oldest.id)]);
}
