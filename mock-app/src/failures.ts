// Injected failures: which are active, which request they hit (endpoint, type, page), how many
// times they still fire, and the answers of the kinds every endpoint shares.
import type { Response } from 'express';
import { sendUnchecked } from './http.js';
import type { FailureEndpoint, ScenarioFailure } from './scenario-types.js';

/** What a request offers for matching: the data request's type and page, or the selected types. */
export interface FailureTarget {
  type?: string;
  types?: string[];
  page?: number;
}

interface ActiveFailure {
  failure: ScenarioFailure;
  /** Answers left; -1 is unlimited. */
  left: number;
}

export class FailureBook {
  private active: ActiveFailure[] = [];

  add(failure: ScenarioFailure): void {
    const left = failure.times ?? (failure.kind === 'endlessHasNext' || failure.kind === 'endlessPages' ? -1 : 1);
    this.active.push({ failure: structuredClone(failure), left });
  }

  clear(): void {
    this.active = [];
  }

  /** The first active failure that hits this request, counted as used. */
  take(endpoint: FailureEndpoint, target: FailureTarget = {}): ScenarioFailure | undefined {
    const index = this.active.findIndex(({ failure }) => {
      if (failure.endpoint !== endpoint) return false;
      if (failure.type !== undefined) {
        const hit = endpoint === 'data' ? target.type === failure.type : (target.types ?? []).includes(failure.type);
        if (!hit) return false;
      }
      return failure.page === undefined || failure.page === target.page;
    });
    if (index < 0) return undefined;
    const entry = this.active[index];
    if (entry.left > 0 && --entry.left === 0) this.active.splice(index, 1);
    return entry.failure;
  }
}

export const GARBAGE_BODY = '<html><body>Bad gateway</body></html> {"items": [';

/**
 * Answers a failure of a kind every endpoint shares (bypassing response validation) and returns
 * true; `slow` waits and returns false (the normal answer follows), as do the data-only kinds.
 */
export async function answerSharedFailure(failure: ScenarioFailure, res: Response, delay: (ms: number) => Promise<void>): Promise<boolean> {
  switch (failure.kind) {
    case 'slow':
      await delay(failure.delayMs ?? 2000);
      return false;
    case 'tryLater':
      sendUnchecked(res, failure.status ?? 429, { message: failure.message ?? 'Rate limit reached, try again later.', tryLater: true });
      return true;
    case 'error':
      sendUnchecked(res, failure.status ?? 500, { message: failure.message ?? 'The external system failed.' });
      return true;
    case 'errorField':
      sendUnchecked(res, failure.status ?? 500, { error: failure.message ?? 'The external system failed.' });
      return true;
    case 'garbage':
      sendUnchecked(res, 200, GARBAGE_BODY);
      return true;
    default:
      return false;
  }
}
