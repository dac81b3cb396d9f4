// Retention of the history the server writes as it works: webhook runs (delivery attempts),
// failed webhook deliveries and finished sync runs. A record is deleted once it is older than
// `days` and is not among the latest `keep` of its webhook or source (the lists show the latest
// 50, so at least 50 are always kept, whatever their age). Pending deliveries and running or
// retrying sync runs are never deleted. A timer of each server process deletes in bounded batches
// (at most `batch` rows a tick; the next tick comes soon while there is more); processes sharing a
// PostgreSQL schema may prune at the same time (a row deleted twice is deleted once).
// Configured by SVC_RETENTION_DAYS, SVC_RETENTION_RUNS (server/src/main.ts).
import type { Database } from '../db/database.js';
import { pruneSyncRuns } from '../integrations/sync/run-retention.js';
import { pruneWebhookHistory } from '../webhooks/retention.js';

export interface RetentionSettings {
  /** Age in days after which finished records go (0: as soon as they are not among the latest). */
  days: number;
  /** The latest records of each webhook (runs; failed deliveries) and source (finished runs) kept whatever their age; at least 50. */
  keep: number;
  /** The most rows one tick deletes. */
  batch: number;
  /** Time between ticks when the last one found nothing more to delete. */
  intervalMs: number;
}

/** The lists show the latest 50 runs of a webhook and of a source; those are always kept. */
export const LISTED = 50;

export const DEFAULT_RETENTION: RetentionSettings = { days: 7, keep: LISTED, batch: 1_000, intervalMs: 10 * 60_000 };

export function retentionSettings(partial: Partial<RetentionSettings> = {}): RetentionSettings {
  const s = { ...DEFAULT_RETENTION, ...partial };
  return {
    days: Math.max(0, s.days),
    keep: Math.max(LISTED, Math.floor(s.keep)),
    batch: Math.max(1, Math.floor(s.batch)),
    intervalMs: Math.max(1, s.intervalMs),
  };
}

/** What one pass deleted; `more`: it stopped at the batch bound with more to delete. */
export interface PruneReport {
  webhookRuns: number;
  failedDeliveries: number;
  syncRuns: number;
  more: boolean;
}

/** Rows of one table a pass may still delete, shared by the pruners of one pass. */
export class Budget {
  constructor(public left: number) {}

  take(wanted: number): number {
    return Math.max(0, Math.min(wanted, this.left));
  }

  spend(n: number): void {
    this.left -= n;
  }
}

/** One bounded pass over every kind of history. */
export async function pruneOnce(db: Database, settings: RetentionSettings, now: Date = new Date()): Promise<PruneReport> {
  const cutoff = new Date(now.getTime() - settings.days * 86_400_000);
  const budget = new Budget(settings.batch);
  const webhooks = await pruneWebhookHistory(db, { cutoff, keep: settings.keep, budget });
  const syncRuns = await pruneSyncRuns(db, { cutoff, keep: settings.keep, budget });
  return { webhookRuns: webhooks.runs, failedDeliveries: webhooks.failedDeliveries, syncRuns: syncRuns.runs, more: webhooks.more || syncRuns.more };
}

/** Delay before the next tick while a pass left more to delete. */
const SOON_MS = 1_000;

/** Prunes on a timer; `runOnce` prunes now (tests, an operator). */
export class RetentionTimer {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<PruneReport> | undefined;
  private stopped = true;

  constructor(
    private readonly db: Database,
    readonly settings: RetentionSettings,
    private readonly log: (message: string) => void,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(SOON_MS);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /** One pass now (after the one running, if any). */
  async runOnce(now?: Date): Promise<PruneReport> {
    await this.running?.catch(() => undefined);
    const pass = pruneOnce(this.db, this.settings, now);
    this.running = pass;
    try {
      return await pass;
    } finally {
      if (this.running === pass) this.running = undefined;
    }
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.tick(), ms);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    let more = false;
    try {
      more = (await this.runOnce()).more;
    } catch (error) {
      // Stryker disable next-line all: a log line, no client sees it
      if (!this.stopped) this.log(`retention: pruning the history failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    this.schedule(more ? SOON_MS : this.settings.intervalMs);
  }
}
