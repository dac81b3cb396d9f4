/**
 * Bounded waits of the sync checks (a run ending, an event's run, a request reaching the app):
 * each waits at most its own bound and never past the check's deadline (less a margin kept for
 * the reads that explain a failure), and fails the check naming what it waited for, for how long,
 * and the last state it saw.
 */
import { fail } from '../../assert.js';
import type { CheckContext } from '../../check.js';
import type { HttpResponse } from '../../http.js';

/** Time kept before the check's deadline for the requests that describe a wait that ran out. */
export const WAIT_MARGIN_MS = 2_000;

/** What one look at the awaited thing found: the value once it is there, and what was seen (for the failure). */
export interface Probe<T> {
  value: T | undefined;
  seen: string;
  /** The exchange that showed it, for the curl line of a failure. */
  res?: HttpResponse;
}

export interface WaitOptions {
  /** The wait's own bound (ms). */
  boundMs: number;
  /** Pause between looks (ms). */
  stepMs?: number;
}

/** How long a wait may last from now: its bound, or what is left of the check's time less the margin (at least 0). */
export function waitBudget(ctx: CheckContext, boundMs: number): { ms: number; why: string } {
  const left = ctx.deadline - Date.now() - WAIT_MARGIN_MS;
  if (left < boundMs) return { ms: Math.max(0, left), why: "the check's time limit" };
  return { ms: boundMs, why: 'its bound' };
}

export function seconds(ms: number): string {
  return ms >= 10_000 ? `${Math.round(ms / 1000)} s` : `${(ms / 1000).toFixed(1)} s`;
}

/**
 * Looks with `probe` until it finds a value, at most `options.boundMs` and never past the check's
 * deadline; answers the value, or fails: "<what> did not happen within <n> s (<why>); last seen: <seen>".
 */
export async function waitFor<T>(ctx: CheckContext, what: string, probe: () => Promise<Probe<T>> | Probe<T>, options: WaitOptions): Promise<T> {
  const budget = waitBudget(ctx, options.boundMs);
  const started = Date.now();
  const until = started + budget.ms;
  for (;;) {
    const look = await probe();
    if (look.value !== undefined) return look.value;
    const left = until - Date.now();
    if (left <= 0) fail(`${what} did not happen within ${seconds(Date.now() - started)} (${budget.why}); last seen: ${look.seen}`, look.res);
    await new Promise((resolve) => setTimeout(resolve, Math.min(left, options.stepMs ?? 100)));
  }
}
