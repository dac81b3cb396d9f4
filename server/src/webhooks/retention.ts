// Retention of the delivery history of webhooks (server/src/runtime/retention.ts says the rule):
// runs (delivery attempts) and failed deliveries older than the cutoff, beyond the latest `keep`
// of their webhook. Delivered deliveries are deleted when they succeed; pending ones are never
// deleted here (every statement names `state = 'failed'`).
import type { Queryable } from '../db/database.js';
import { placeholders } from '../db/sql-lists.js';
import type { Budget } from '../runtime/retention.js';

export interface HistoryPruning {
  /** Records started (runs) or written (deliveries) before this are old. */
  cutoff: Date;
  /** The latest records of each webhook kept whatever their age. */
  keep: number;
  budget: Budget;
}

/** Webhooks looked at per statement of the pass. */
const WEBHOOKS_PER_PAGE = 200;

/**
 * Deletes old runs and failed deliveries of every webhook, at most `budget.left` rows; `more`
 * when it stopped at the bound. (Deleting a webhook deletes its history with it.)
 */
export async function pruneWebhookHistory(db: Queryable, options: HistoryPruning): Promise<{ runs: number; failedDeliveries: number; more: boolean }> {
  let runs = 0;
  let failedDeliveries = 0;
  let after = -1;
  for (;;) {
    // Every webhook, a page at a time (the loop ends: `after` grows).
    const { rows } = await db.query<{ id: number }>(`SELECT id FROM webhooks WHERE id > $1 ORDER BY id LIMIT ${WEBHOOKS_PER_PAGE}`, [after]);
    const ids = rows.map((r) => Number(r.id));
    if (ids.length === 0) return { runs, failedDeliveries, more: false };
    for (const id of ids) {
      if (options.budget.left <= 0) return { runs, failedDeliveries, more: true };
      runs += await pruneTable(db, RUNS, id, options);
      if (options.budget.left <= 0) return { runs, failedDeliveries, more: true };
      failedDeliveries += await pruneTable(db, FAILED, id, options);
    }
    after = ids[ids.length - 1] as number;
  }
}

interface HistoryTable {
  table: string;
  /** The rows of one webhook that retention may delete. */
  where: string;
  /** The column that dates a row. */
  time: string;
}

const RUNS: HistoryTable = { table: 'webhook_runs', where: 'webhook_id = $1', time: 'request_time' };
const FAILED: HistoryTable = { table: 'webhook_deliveries', where: "webhook_id = $1 AND state = 'failed'", time: 'created_at' };

/** Deletes the old rows of one webhook in `t` beyond its latest `keep`; answers how many. */
async function pruneTable(db: Queryable, t: HistoryTable, webhookId: number, options: HistoryPruning): Promise<number> {
  // The newest row that is not among the latest `keep`: it and older ones may go.
  const { rows: edge } = await db.query<{ id: number }>(`SELECT id FROM ${t.table} WHERE ${t.where} ORDER BY id DESC OFFSET ${options.keep} LIMIT 1`, [webhookId]);
  const newest = edge[0];
  if (!newest) return 0;
  const limit = options.budget.take(options.budget.left);
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM ${t.table} WHERE ${t.where} AND id <= $2 AND ${t.time} < $3 ORDER BY id LIMIT ${limit}`,
    [webhookId, Number(newest.id), options.cutoff.toISOString()],
  );
  if (rows.length === 0) return 0;
  const ids = rows.map((r) => Number(r.id));
  await db.query(`DELETE FROM ${t.table} WHERE ${t.where} AND id IN (${placeholders(ids.length, 2)})`, [webhookId, ...ids]);
  options.budget.spend(ids.length);
  return ids.length;
}
