// Asks an app again, later, when it answered `{message, tryLater: true}` (APP-ERR-004/005): the
// delay doubles from `baseMs` up to `maxMs`, with jitter, for at most `attempts` answers; then
// the last error stands. Waiting stops at once when the run is aborted (server closing).
import { Failure } from '../../api/failure.js';
import type { IntegrationSettings } from '../settings.js';

export function isTryLater(error: unknown): boolean {
  return error instanceof Failure && (error as Failure & { tryLater?: unknown }).tryLater === true;
}

export function tryLaterDelay(retry: IntegrationSettings['retry'], attempt: number, random: () => number = Math.random): number {
  const base = Math.min(retry.maxMs, retry.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new Failure('integration.error/app-failed', 'The run was stopped: the server is closing.', {}, 422));
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new Failure('integration.error/app-failed', 'The run was stopped: the server is closing.', {}, 422));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

export interface RetryHooks {
  /** Before waiting: the number of tryLater answers so far and when the next attempt is. */
  onRetry(attempts: number, nextAttemptAt: Date): Promise<void>;
  /** After a successful answer that followed tryLater answers. */
  onResumed(): Promise<void>;
}

/** Calls `ask` until it answers, retrying its tryLater answers (at most `retry.attempts`); `state.attempts` counts them over the whole run. */
export async function withTryLater<T>(
  ask: () => Promise<T>,
  retry: IntegrationSettings['retry'],
  signal: AbortSignal,
  state: { attempts: number },
  hooks: RetryHooks,
): Promise<T> {
  let waited = false;
  let tries = 0;
  for (;;) {
    try {
      const answer = await ask();
      if (waited) await hooks.onResumed();
      return answer;
    } catch (error) {
      if (!isTryLater(error) || tries >= retry.attempts) throw error;
      tries += 1;
      state.attempts += 1;
      // The next attempt is due `delay` after this answer: recording the wait runs meanwhile, so
      // a slow write (another transaction holding the storage) does not push the attempt later.
      const delay = tryLaterDelay(retry, tries);
      const due = Date.now() + delay;
      waited = true;
      await Promise.all([hooks.onRetry(state.attempts, new Date(due)), sleep(delay, signal)]);
    }
  }
}
