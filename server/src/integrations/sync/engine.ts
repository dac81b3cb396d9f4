// The sync engine: runs of sources and inbound events, one at a time per source, in the order
// they were made (an event that arrives during a run is applied after it), shared by every
// server process of one database. A run is a row of `integration_runs` (status, counts, error,
// checkpoint); a process runs a source's runs while it holds the source's lease (run-lease.ts),
// claimed when it is told about a new run or when it polls, renewed while it works. A process
// that stops hands its sources back at once; one that dies loses them when the lease runs out;
// either way a live process (or this one after a restart) goes on with each run from its last
// committed page. A run never throws out of the engine.
import { Failure } from '../../api/failure.js';
import type { Database } from '../../db/database.js';
import type { ServerContext, SyncService } from '../../server-context.js';
import { runEvent, runSync, type RunEnv } from './run.js';
import { claimSources, ensureLeaseRow, holdLease, LeaseLost, nextRunId, releaseLease, renewLease, type SourceLease } from './run-lease.js';
import { createRun, loadRunState, manualRunUnderway, runEnded, saveProgress, updateRun, type RunUpdate, type StoredEvent, type SyncTrigger } from './run-store.js';
import { loadSource } from './source-store.js';

export interface SyncEngineDeps {
  /** The server's context (set once the server is built). */
  context: () => ServerContext;
  /** Called after a transaction wrote webhook deliveries (wakes the delivery worker). */
  onDeliveries?: () => void;
  /**
   * The storage itself, for the polls and lease renewals, which are no request's work
   * (instrument wrappers count the statements of requests); the context's storage when absent.
   */
  storage?: Database;
}

/** Sources one process serves at once (each runs its runs one at a time). */
const MAX_SOURCES = 8;
/** Runs of one source in a row under one lease, before other sources get their turn. */
const MAX_RUNS_IN_A_ROW = 20;

export class SyncEngine implements SyncService {
  /** Sources this process holds the lease of. */
  private readonly served = new Map<string, SourceLease>();
  private readonly tasks = new Set<Promise<void>>();
  /** Waiters for the end of a run this process runs (`waitFor`). */
  private readonly endListeners = new Map<number, Set<() => void>>();
  private readonly shutdown = new AbortController();
  private loop: Promise<void> | undefined;
  private stopped = false;
  private woken = false;
  /** Ends the loop's pause early (a no-op while the loop is not pausing). */
  private wakeUp: () => void = noop;

  constructor(private readonly deps: SyncEngineDeps) {}

  private get context(): ServerContext {
    return this.deps.context();
  }

  private get background(): Database {
    return this.deps.storage ?? this.context.db;
  }

  /** Starts taking runs: those waiting or left unfinished by a process that stopped, and every new one. */
  resume(): void {
    if (this.loop || this.stopped) return;
    this.loop = this.run();
  }

  private kick(): void {
    this.resume();
    this.woken = true;
    this.wakeUp();
  }

  async start(sourceId: string): Promise<number> {
    const source = await loadSource(this.context.db, sourceId);
    const runId = await this.context.db.transaction(async (tx) => {
      await ensureLeaseRow(tx, source.id);
      if (await manualRunUnderway(tx, source.id)) {
        throw new Failure('integration.error/sync-running', `A sync of source ${source.id} is running or waiting to retry; start another when it has ended.`, { id: source.id }, 409);
      }
      return (await createRun(tx, source.id, 'manual', new Date())).id;
    });
    this.kick();
    return runId;
  }

  receiveEvent(sourceId: string, event: StoredEvent): void {
    this.create(sourceId, 'event', event).then(
      () => this.kick(),
      (error: unknown) => this.context.log(`sync engine: event for source ${sourceId} not applied: ${String(error)}`),
    );
  }

  private create(sourceId: string, trigger: SyncTrigger, event?: StoredEvent): Promise<number> {
    return this.context.db.transaction(async (tx) => {
      await ensureLeaseRow(tx, sourceId);
      return (await createRun(tx, sourceId, trigger, new Date(), event)).id;
    });
  }

  /** Resolves when the run has ended (in whichever process runs it), or after `timeoutMs`. */
  async waitFor(runId: number, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (await runEnded(this.context.db, runId)) return;
      const left = deadline - Date.now();
      if (left <= 0 || this.stopped) return;
      // Woken at once when this process ends the run; another process's end is seen by polling.
      await this.endOf(runId, Math.min(left, this.context.integrationSettings.pollMs));
    }
  }

  private endOf(runId: number, timeoutMs: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const listeners = this.endListeners.get(runId) ?? new Set<() => void>();
      this.endListeners.set(runId, listeners);
      const done = () => {
        clearTimeout(timer);
        listeners.delete(done);
        if (listeners.size === 0 && this.endListeners.get(runId) === listeners) this.endListeners.delete(runId);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      listeners.add(done);
    });
  }

  /** Stops taking runs and stops the runs under way after their current step; their sources are handed back (another process, or the next start, goes on with them). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.shutdown.abort();
    this.kick();
    await this.loop;
    await Promise.allSettled([...this.tasks]);
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      this.woken = false;
      const free = MAX_SOURCES - this.served.size;
      if (free > 0) {
        try {
          const { leaseMs } = this.context.integrationSettings;
          for (const lease of await claimSources(this.background, free, leaseMs)) this.track(this.serve(lease));
        } catch (error) {
          if (!this.stopped) this.context.log(`sync engine: claiming runs failed: ${describe(error)}`);
        }
      }
      if (this.stopped) break;
      await this.pause();
    }
  }

  private pause(): Promise<void> {
    if (this.woken || this.stopped) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, this.context.integrationSettings.pollMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = noop;
        done();
      };
    });
  }

  private track(task: Promise<void>): void {
    const tracked = task.finally(() => this.tasks.delete(tracked));
    this.tasks.add(tracked);
  }

  /** Runs a claimed source's unfinished runs, oldest first, while the lease holds; then hands the source back. */
  private async serve(lease: SourceLease): Promise<void> {
    const db = this.context.db;
    this.served.set(lease.sourceId, lease);
    const lost = new AbortController();
    const signal = AbortSignal.any([this.shutdown.signal, lost.signal]);
    // Between pages too (an app's answer may take its whole time-out), the lease is renewed.
    const heartbeat = setInterval(() => {
      renewLease(this.background, lease).then(
        (held) => {
          if (!held) lost.abort();
        },
        () => undefined,
      );
    }, Math.max(10, Math.floor(lease.leaseMs / 3)));
    let done = false;
    try {
      for (let n = 0; n < MAX_RUNS_IN_A_ROW && !signal.aborted; n++) {
        const runId = await nextRunId(db, lease.sourceId);
        if (runId === undefined) break;
        await this.execute(runId, lease, signal);
      }
      done = !signal.aborted;
    } catch (error) {
      if (!signal.aborted) this.context.log(`sync engine: source ${lease.sourceId}: ${describe(error)}`);
    } finally {
      clearInterval(heartbeat);
      await releaseLease(db, lease).catch(() => undefined);
      this.served.delete(lease.sourceId);
      // A run made while the source was being handed back (or past the runs in a row) is taken
      // now rather than at the next poll; after an error, at the next poll.
      if (done && !this.stopped) this.kick();
    }
  }

  /** Runs one run, from its checkpoint when it goes on, and records how it ended (unless the lease was lost or the process is stopping). */
  private async execute(runId: number, lease: SourceLease, signal: AbortSignal): Promise<void> {
    const db = this.context.db;
    try {
      const state = await loadRunState(db, runId);
      const env: RunEnv = {
        context: this.context,
        runId,
        signal,
        stats: state.run.stats,
        warnings: state.warnings,
        retry: { attempts: state.run.attempts },
        onDeliveries: () => this.deps.onDeliveries?.(),
        progress: async (tx, checkpoint) => {
          await holdLease(tx, lease);
          await saveProgress(tx, runId, { checkpoint, stats: env.stats, warnings: env.warnings });
        },
      };
      try {
        const source = await loadSource(db, lease.sourceId);
        if (state.run.trigger === 'event') {
          if (!state.event) throw new Failure('integration.error/app-failed', 'The inbound event of this run was not kept, so it cannot be applied.', {}, 422);
          await runEvent(env, source, state.event, state.checkpoint);
        } else {
          await runSync(env, source, new Date(state.run.startedAt), state.checkpoint);
        }
        await this.finish(lease, runId, { status: 'succeeded', stats: env.stats, warnings: env.warnings, nextAttemptAt: null, finished: true });
      } catch (error) {
        // Stopping, or the source was taken over: the run goes on from its checkpoint elsewhere.
        if (signal.aborted || error instanceof LeaseLost) return;
        const failure =
          error instanceof Failure
            ? error
            : new Failure('integration.error/app-failed', 'The run stopped on an unexpected fault of the server; nothing of the page it was on was applied.', {}, 422);
        if (!(error instanceof Failure)) this.context.log(`sync run ${runId}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        await this.finish(lease, runId, { status: 'failed', stats: env.stats, warnings: env.warnings, nextAttemptAt: null, error: failure.toResult(), finished: true }).catch(
          (e: unknown) => this.context.log(`sync run ${runId}: cannot record the failure: ${String(e)}`),
        );
      }
    } finally {
      for (const listener of [...(this.endListeners.get(runId) ?? [])]) listener();
    }
  }

  /** Records a run's end, only while this process holds the source. */
  private async finish(lease: SourceLease, runId: number, update: RunUpdate): Promise<void> {
    await this.context.db
      .transaction(async (tx) => {
        await holdLease(tx, lease);
        await updateRun(tx, runId, update);
      })
      .catch((error: unknown) => {
        if (!(error instanceof LeaseLost)) throw error;
      });
  }
}

function noop(): void {}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
