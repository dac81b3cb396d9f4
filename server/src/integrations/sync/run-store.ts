// Sync runs as stored in `integration_runs` (status, counts, error, tryLater state), and as the
// admin API shows them. The history of a source keeps its latest 50 runs.
import type { components } from '../../../../generated/service/types.js';
import { Failure } from '../../api/failure.js';
import type { Queryable } from '../../db/database.js';

export type SyncRun = components['schemas']['SyncRun'];
export type SyncStats = components['schemas']['SyncStats'];
export type SyncStatus = SyncRun['status'];
export type SyncTrigger = SyncRun['trigger'];
type ErrorBody = components['schemas']['ErrorBody'];

export const HISTORY_LENGTH = 50;

export function emptyStats(): SyncStats {
  return { pages: 0, rows: 0, created: 0, updated: 0, removed: 0, markedDeleted: 0, files: 0 };
}

interface RunRow {
  id: number;
  source_id: string;
  trigger: string;
  status: string;
  started_at: unknown;
  finished_at: unknown;
  attempts: number;
  next_attempt_at: unknown;
  error: string | null;
  stats: string;
  warnings: string;
}

const COLUMNS = 'id, source_id, trigger, status, started_at, finished_at, attempts, next_attempt_at, error, stats, warnings';

function iso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}

function fromRow(row: RunRow): SyncRun {
  return {
    id: Number(row.id),
    sourceId: row.source_id,
    trigger: row.trigger as SyncTrigger,
    status: row.status as SyncStatus,
    startedAt: iso(row.started_at) as string,
    finishedAt: iso(row.finished_at),
    attempts: Number(row.attempts),
    nextAttemptAt: iso(row.next_attempt_at),
    error: row.error ? (JSON.parse(row.error) as ErrorBody) : null,
    stats: JSON.parse(row.stats) as SyncStats,
    warnings: JSON.parse(row.warnings) as string[],
  };
}

/** An inbound event as an event run keeps it (to apply it, again after a restart). */
export interface StoredEvent {
  headers: Record<string, string>;
  payload: unknown;
}

/** Creates a run (status `running`: it waits for its turn, then runs); an event run keeps its event. */
export async function createRun(q: Queryable, sourceId: string, trigger: SyncTrigger, startedAt: Date, event?: StoredEvent): Promise<SyncRun> {
  const { rows } = await q.query<RunRow>(
    `INSERT INTO integration_runs (source_id, trigger, status, started_at, attempts, stats, event) VALUES ($1, $2, 'running', $3, 0, $4, $5) RETURNING ${COLUMNS}`,
    [sourceId, trigger, startedAt.toISOString(), JSON.stringify(emptyStats()), event ? JSON.stringify(event) : null],
  );
  // Trims the history to the latest runs.
  await q.query(
    `DELETE FROM integration_runs WHERE source_id = $1 AND id <= (SELECT max(id) FROM integration_runs WHERE source_id = $1) - $2 AND status IN ('succeeded', 'failed')`,
    [sourceId, HISTORY_LENGTH * 4],
  );
  return fromRow(rows[0] as RunRow);
}

export interface RunUpdate {
  status?: SyncStatus;
  stats?: SyncStats;
  attempts?: number;
  nextAttemptAt?: Date | null;
  error?: ErrorBody | null;
  /** Deviations from the app contract tolerated so far in the run. */
  warnings?: readonly string[];
  finished?: boolean;
}

export async function updateRun(q: Queryable, id: number, update: RunUpdate): Promise<void> {
  const sets: string[] = [];
  const params: unknown[] = [id];
  const set = (column: string, value: unknown) => {
    params.push(value);
    sets.push(`${column} = $${params.length}`);
  };
  if (update.status !== undefined) set('status', update.status);
  if (update.stats !== undefined) set('stats', JSON.stringify(update.stats));
  if (update.attempts !== undefined) set('attempts', update.attempts);
  if (update.nextAttemptAt !== undefined) set('next_attempt_at', update.nextAttemptAt ? update.nextAttemptAt.toISOString() : null);
  if (update.error !== undefined) set('error', update.error ? JSON.stringify(update.error) : null);
  if (update.warnings !== undefined) set('warnings', JSON.stringify(update.warnings));
  if (update.finished) set('finished_at', new Date().toISOString());
  if (sets.length === 0) return;
  await q.query(`UPDATE integration_runs SET ${sets.join(', ')} WHERE id = $1`, params);
}

export async function loadRun(q: Queryable, id: number): Promise<SyncRun> {
  const { rows } = await q.query<RunRow>(`SELECT ${COLUMNS} FROM integration_runs WHERE id = $1`, [id]);
  if (!rows[0]) throw new Failure('integration.error/sync-not-found', `There is no sync run ${id}.`, { id }, 404);
  return fromRow(rows[0]);
}

/** The latest runs of a source, newest first. */
export async function listRuns(q: Queryable, sourceId: string): Promise<SyncRun[]> {
  const { rows } = await q.query<RunRow>(`SELECT ${COLUMNS} FROM integration_runs WHERE source_id = $1 ORDER BY id DESC LIMIT ${HISTORY_LENGTH}`, [sourceId]);
  return rows.map(fromRow);
}

/**
 * Where a run goes on after a restart, written in the transaction of the step it follows: the
 * index of the type under way in the source's types (`types.length`: the link pass), and
 * `pages` (ask page `page` with `pagination`) or `remove` (its pages are applied; remove what the
 * run did not deliver). An event run counts types only.
 */
export interface RunCheckpoint {
  type: number;
  step: 'pages' | 'remove';
  page: number;
  pagination?: Record<string, unknown>;
  allFull: boolean;
  createdTypes: string[];
}

/** What a process needs to run (or go on with) a run. */
export interface RunState {
  run: SyncRun;
  warnings: string[];
  checkpoint: RunCheckpoint | undefined;
  event: StoredEvent | undefined;
}

export async function loadRunState(q: Queryable, id: number): Promise<RunState> {
  const { rows } = await q.query<RunRow & { checkpoint: string | null; event: string | null }>(`SELECT ${COLUMNS}, checkpoint, event FROM integration_runs WHERE id = $1`, [id]);
  const row = rows[0];
  if (!row) throw new Failure('integration.error/sync-not-found', `There is no sync run ${id}.`, { id }, 404);
  const run = fromRow(row);
  return {
    run,
    warnings: [...(run.warnings ?? [])],
    checkpoint: row.checkpoint ? (JSON.parse(row.checkpoint) as RunCheckpoint) : undefined,
    event: row.event ? (JSON.parse(row.event) as StoredEvent) : undefined,
  };
}

/** Records a run's checkpoint and counts, in the transaction of the step they follow. */
export async function saveProgress(tx: Queryable, id: number, progress: { checkpoint: RunCheckpoint; stats: SyncStats; warnings: readonly string[] }): Promise<void> {
  await tx.query('UPDATE integration_runs SET checkpoint = $2, stats = $3, warnings = $4 WHERE id = $1', [
    id,
    JSON.stringify(progress.checkpoint),
    JSON.stringify(progress.stats),
    JSON.stringify(progress.warnings),
  ]);
}

/** Whether a run of the source started through the API has not ended (running, retrying or waiting for its turn). */
export async function manualRunUnderway(q: Queryable, sourceId: string): Promise<boolean> {
  const { rows } = await q.query(`SELECT id FROM integration_runs WHERE source_id = $1 AND trigger = 'manual' AND status IN ('running', 'retrying') LIMIT 1`, [sourceId]);
  return rows.length > 0;
}

/** Whether a run has ended (succeeded or failed); true for a run there is no more. */
export async function runEnded(q: Queryable, id: number): Promise<boolean> {
  const { rows } = await q.query<{ status: string }>('SELECT status FROM integration_runs WHERE id = $1', [id]);
  const status = rows[0]?.status;
  return status !== 'running' && status !== 'retrying';
}
