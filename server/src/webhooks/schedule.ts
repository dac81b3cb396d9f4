// When a failed delivery attempt is tried again: exponential backoff with jitter, a bounded
// number of attempts. Configurable (ServerOptions.webhookRetry, SVC_WEBHOOK_RETRY_*), so that
// tests retry within milliseconds.
export interface RetrySchedule {
  /** Delay after the first failed attempt, before jitter. */
  baseMs: number;
  /** Largest delay. */
  maxMs: number;
  /** Attempts in all (the first one included); after the last failed one the delivery is failed. */
  attempts: number;
}

/** About 5 s, 10 s, 20 s ... up to 1 h between attempts: 12 attempts over about 5.5 hours. */
export const DEFAULT_RETRY: RetrySchedule = { baseMs: 5_000, maxMs: 3_600_000, attempts: 12 };

export function retrySchedule(partial: Partial<RetrySchedule> = {}): RetrySchedule {
  const s = { ...DEFAULT_RETRY, ...partial };
  return { baseMs: Math.max(1, s.baseMs), maxMs: Math.max(1, s.maxMs, s.baseMs), attempts: Math.max(1, Math.floor(s.attempts)) };
}

/**
 * Delay before the next attempt after `failed` failed attempts: `min(maxMs, baseMs * 2^(failed-1))`,
 * of which a random half is taken off ("equal jitter"), so that retries of many deliveries spread.
 */
export function retryDelayMs(schedule: RetrySchedule, failed: number, random: () => number = Math.random): number {
  const exponential = Math.min(schedule.maxMs, schedule.baseMs * 2 ** Math.min(Math.max(failed - 1, 0), 40));
  return Math.round(exponential / 2 + (random() * exponential) / 2);
}
