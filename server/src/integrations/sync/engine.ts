// The sync engine: runs of sources and inbound events, one at a time per source (a queue per
// source: an event that arrives during a run is applied after it). A run's status, counts and
// error are kept in `integration_runs`; a run never throws out of the engine. The engine serves
// one process: a run left `running` by a process that stopped is marked failed at the next start.
import { Failure } from '../../api/failure.js';
import type { ServerContext, SyncService } from '../../server-context.js';
import { runEvent, runSync, type RunEnv } from './run.js';
import { createRun, emptyStats, failInterruptedRuns, updateRun, type SyncTrigger } from './run-store.js';
import { loadSource } from './source-store.js';

export interface SyncEngineDeps {
  /** The server's context (set once the server is built). */
  context: () => ServerContext;
  /** Called after a transaction wrote webhook deliveries (wakes the delivery worker). */
  onDeliveries?: () => void;
}

export class SyncEngine implements SyncService {
  /** The tail of each source's queue. */
  private readonly queues = new Map<string, Promise<void>>();
  /** Sources with a run started through the API that has not ended. */
  private readonly manual = new Set<string>();
  private readonly running = new Map<number, Promise<void>>();
  private readonly abort = new AbortController();
  private started: Promise<void> | undefined;

  constructor(private readonly deps: SyncEngineDeps) {}

  private get context(): ServerContext {
    return this.deps.context();
  }

  /** Marks runs of a previous process as failed, once. */
  private ready(): Promise<void> {
    this.started ??= failInterruptedRuns(this.context.db).catch((error: unknown) => this.context.log(`sync engine: ${String(error)}`));
    return this.started;
  }

  private enqueue(sourceId: string, job: () => Promise<void>): Promise<void> {
    const tail = this.queues.get(sourceId) ?? Promise.resolve();
    const next = tail.then(job, job);
    const settled = next.catch(() => undefined);
    this.queues.set(sourceId, settled);
    void settled.then(() => {
      if (this.queues.get(sourceId) === settled) this.queues.delete(sourceId);
    });
    return next;
  }

  /** Creates a run row and queues its work; answers the run id. */
  private async launch(sourceId: string, trigger: SyncTrigger, work: (env: RunEnv, startedAt: Date) => Promise<void>): Promise<number> {
    await this.ready();
    const startedAt = new Date();
    const run = await createRun(this.context.db, sourceId, trigger, startedAt);
    const env: RunEnv = {
      context: this.context,
      runId: run.id,
      signal: this.abort.signal,
      stats: emptyStats(),
      warnings: [],
      retry: { attempts: 0 },
      onDeliveries: () => this.deps.onDeliveries?.(),
    };
    const done = this.enqueue(sourceId, async () => {
      try {
        await work(env, startedAt);
        await updateRun(this.context.db, run.id, { status: 'succeeded', stats: env.stats, warnings: env.warnings, nextAttemptAt: null, finished: true });
      } catch (error) {
        const failure =
          error instanceof Failure
            ? error
            : new Failure('integration.error/app-failed', 'The run stopped on an unexpected fault of the server; nothing of the page it was on was applied.', {}, 422);
        if (!(error instanceof Failure)) this.context.log(`sync run ${run.id}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        await updateRun(this.context.db, run.id, { status: 'failed', stats: env.stats, warnings: env.warnings, nextAttemptAt: null, error: failure.toResult(), finished: true }).catch(
          (e: unknown) => this.context.log(`sync run ${run.id}: cannot record the failure: ${String(e)}`),
        );
      }
    });
    this.running.set(run.id, done);
    void done.finally(() => this.running.delete(run.id));
    return run.id;
  }

  async start(sourceId: string): Promise<number> {
    const source = await loadSource(this.context.db, sourceId);
    if (this.manual.has(source.id)) {
      throw new Failure('integration.error/sync-running', `A sync of source ${source.id} is running or waiting to retry; start another when it has ended.`, { id: source.id }, 409);
    }
    this.manual.add(source.id);
    try {
      const runId = await this.launch(source.id, 'manual', async (env, startedAt) => {
        try {
          // Read again in the queue: an event run before it may have changed the source.
          await runSync(env, await loadSource(this.context.db, source.id), startedAt);
        } finally {
          this.manual.delete(source.id);
        }
      });
      return runId;
    } catch (error) {
      this.manual.delete(source.id);
      throw error;
    }
  }

  async waitFor(runId: number, timeoutMs: number): Promise<void> {
    const done = this.running.get(runId);
    if (!done) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([done, new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
    clearTimeout(timer);
  }

  receiveEvent(sourceId: string, event: { headers: Record<string, string>; payload: unknown }): void {
    this.launch(sourceId, 'event', async (env) => runEvent(env, await loadSource(this.context.db, sourceId), event)).catch((error: unknown) =>
      this.context.log(`sync engine: event for source ${sourceId} not applied: ${String(error)}`),
    );
  }

  /** Ids of runs under way (tests wait for them). */
  pending(): number[] {
    return [...this.running.keys()];
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await Promise.allSettled([...this.running.values()]);
  }
}
