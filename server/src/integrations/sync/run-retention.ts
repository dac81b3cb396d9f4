// Retention of sync runs (server/src/runtime/retention.ts says the rule): finished runs
// (`succeeded`, `failed`) that ended before the cutoff, beyond the latest `keep` runs of their
// source. A run that is `running` or `retrying` is never deleted (every statement names the
// finished statuses). Deleting a source deletes its runs with it (source-store.ts).
import type { Queryable } from '../../db/database.js';
import { placeholders } from '../../db/sql-lists.js';
import type { Budget } from '../../runtime/retention.js';

export interface RunPruning {
  /** Runs that finished before this are old. */
  cutoff: Date;
  /** The latest runs of each source kept whatever their age. */
  keep: number;
  budget: Budget;
}

/** Sources looked at per statement of the pass. */
const SOURCES_PER_PAGE = 200;
const FINISHED = "status IN ('succeeded', 'failed')";

/** Deletes old finished runs of every source, at most `budget.left`; `more` when it stopped at the bound. */
export async function pruneSyncRuns(db: Queryable, options: RunPruning): Promise<{ runs: number; more: boolean }> {
  let runs = 0;
  let after = '';
  for (;;) {
    // Every source that has runs, a page at a time (the loop ends: `after` grows).
    const { rows } = await db.query<{ source_id: string }>(
      `SELECT DISTINCT source_id FROM integration_runs WHERE source_id > $1 ORDER BY source_id LIMIT ${SOURCES_PER_PAGE}`,
      [after || '00000000-0000-0000-0000-000000000000'],
    );
    if (rows.length === 0) return { runs, more: false };
    for (const { source_id: sourceId } of rows) {
      if (options.budget.left <= 0) return { runs, more: true };
      runs += await pruneSource(db, sourceId, options);
    }
    after = (rows[rows.length - 1] as { source_id: string }).source_id;
  }
}

async function pruneSource(db: Queryable, sourceId: string, options: RunPruning): Promise<number> {
  // The newest run not among the latest `keep` (of any status): it and older finished ones may go.
  const { rows: edge } = await db.query<{ id: number }>(`SELECT id FROM integration_runs WHERE source_id = $1 ORDER BY id DESC OFFSET ${options.keep} LIMIT 1`, [
    sourceId,
  ]);
  const newest = edge[0];
  if (!newest) return 0;
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM integration_runs WHERE source_id = $1 AND ${FINISHED} AND id <= $2 AND finished_at < $3 ORDER BY id LIMIT ${options.budget.take(options.budget.left)}`,
    [sourceId, Number(newest.id), options.cutoff.toISOString()],
  );
  if (rows.length === 0) return 0;
  const ids = rows.map((r) => Number(r.id));
  await db.query(`DELETE FROM integration_runs WHERE source_id = $1 AND ${FINISHED} AND id IN (${placeholders(ids.length, 2)})`, [sourceId, ...ids]);
  options.budget.spend(ids.length);
  return ids.length;
}
