// The delivery worker of one server process: claims webhooks with a due delivery, posts it (no
// transaction open meanwhile), records the run, and goes on. Woken at once by a command of this
// process that wrote deliveries; otherwise it polls, which is how deliveries written by another
// process on the same PostgreSQL schema, or left pending by a crashed one, are found.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Database } from '../db/database.js';
import { claimWebhooks, finishAttempt, pendingDeliveries, type Claim } from './queue.js';
import type { RetrySchedule } from './schedule.js';
import { postDelivery, type AttemptResult } from './sender.js';
import { signatureHeaders } from './signing.js';
import type { TargetPolicy } from './target-policy.js';

export interface WorkerOptions {
  db: Database;
  policy: TargetPolicy;
  retry: RetrySchedule;
  /** Time-out of one attempt (the whole exchange). */
  timeoutMs: number;
  /** How often the queue is looked at when nothing woke the worker. */
  pollMs: number;
  /** Webhooks delivered to at the same time (each one's deliveries stay in order). */
  concurrency: number;
  maxResponseBytes: number;
  log: (message: string) => void;
}

/** Deliveries of one webhook made in a row under one claim, before others get their turn. */
const MAX_IN_A_ROW = 50;

export class DeliveryWorker {
  /** Names this process in the runs it records. */
  // Stryker disable next-line StringLiteral: the worker's name is stored with its runs, never shown by the API
  readonly id = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly leaseMs: number;
  private readonly active = new Set<Promise<void>>();
  private readonly shutdown = new AbortController();
  private running = false;
  private loop: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  /** Something changed since the loop last looked (a task ended, or deliveries were written). */
  private woken = false;
  /** A command of this process wrote deliveries since the loop last looked. */
  private notified = false;

  constructor(private readonly options: WorkerOptions) {
    // Longer than any attempt can take, so a live process never loses its claim; short enough
    // that a crashed process's webhooks are taken over soon.
    this.leaseMs = options.timeoutMs * 2 + 1_000;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Look at the queue now: a command wrote deliveries. */
  wake(): void {
    this.notified = true;
    this.kick();
  }

  private kick(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /** Stops claiming, aborts attempts in flight (their claims run out; another process or the next start retries them). */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.shutdown.abort();
    this.kick();
    await this.loop;
    await Promise.allSettled([...this.active]);
  }

  private async run(): Promise<void> {
    while (this.running) {
      const notified = this.notified;
      this.woken = false;
      this.notified = false;
      let claimedAll = false;
      const free = this.options.concurrency - this.active.size;
      if (free > 0) {
        try {
          const claims = await claimWebhooks(this.options.db, free, this.leaseMs, { look: !notified });
          for (const claim of claims) this.track(this.deliver(claim));
          claimedAll = claims.length === free;
        } catch (error) {
          // Stryker disable next-line all: a log line, no client sees it
          if (this.running) this.options.log(`webhooks: claiming deliveries failed: ${describe(error)}`);
        }
      }
      if (!this.running) break;
      // More may be due when every free slot was filled; otherwise wait for a wake-up or the poll.
      if (!claimedAll || this.active.size >= this.options.concurrency) await this.pause();
    }
  }

  private track(task: Promise<void>): void {
    const tracked = task.finally(() => {
      this.active.delete(tracked);
      this.kick();
    });
    this.active.add(tracked);
  }

  private pause(): Promise<void> {
    if (this.woken || !this.running) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, this.options.pollMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = undefined;
        done();
      };
    });
  }

  /** Delivers the due deliveries of one claimed webhook, oldest first, one at a time. */
  private async deliver(claim: Claim): Promise<void> {
    try {
      // The webhook's pending deliveries read ahead; finishAttempt moves it on.
      const queue = await pendingDeliveries(this.options.db, claim.webhookId);
      for (let n = 0; n < MAX_IN_A_ROW && this.running; n++) {
        const delivery = queue[0];
        const due = delivery !== undefined && delivery.nextAttemptAt.getTime() <= Date.now();
        let result: AttemptResult | undefined;
        const requestTime = new Date();
        if (delivery && due) {
          const headers = signatureHeaders(delivery.secret, delivery.messageId, delivery.body);
          result = await postDelivery(delivery.url, headers, delivery.body, {
            policy: this.options.policy,
            timeoutMs: this.options.timeoutMs,
            maxResponseBytes: this.options.maxResponseBytes,
            signal: this.shutdown.signal,
          });
          // Shutting down: the attempt was cut short; the claim runs out and the delivery is retried.
          if (!this.running) return;
          // Stryker disable next-line all: a log line, no client sees it
          if (result.error) this.options.log(`webhooks: delivery ${delivery.sequenceId} of webhook ${claim.webhookId} failed: ${result.error}`);
        }
        const goOn = await finishAttempt(this.options.db, claim, queue, due ? result : undefined, {
          retry: this.options.retry,
          leaseMs: this.leaseMs,
          worker: this.id,
          keepLease: n + 1 < MAX_IN_A_ROW && this.running,
          requestTime,
        });
        if (!goOn) return;
      }
    } catch (error) {
      // Stryker disable next-line all: a log line, no client sees it
      if (this.running) this.options.log(`webhooks: delivering to webhook ${claim.webhookId} failed: ${describe(error)}`);
    }
  }
}

// Stryker disable all: the text of log lines, no client sees it
function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
// Stryker restore all
