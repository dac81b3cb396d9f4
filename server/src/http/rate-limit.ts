// The per-token request limit (spec/service.openapi.yaml, "Shared load"; off by default): at most
// `requests` requests of one token in any `seconds` seconds (a sliding window: the times of the
// token's latest requests, in a ring). One more is answered 429 `rate.error/too-many-requests`
// with `Retry-After`, the seconds until the oldest of them leaves the window. Refused requests do
// not count. The state is this process's memory: servers sharing a PostgreSQL schema limit each
// on its own. Keys are token record ids, never the token; idle keys are dropped.
import type { NextFunction, Request, Response } from 'express';
import { Failure } from '../api/failure.js';
import type { Caller } from '../commands/context.js';
import { send } from './errors.js';

export interface RateLimit {
  requests: number;
  seconds: number;
}

/** Bounds of a limit: the ring of one token holds `requests` times (8 bytes each). */
export const MAX_REQUESTS = 100_000;
export const MAX_SECONDS = 86_400;
/** Tokens tracked at once; beyond, the least recently seen is forgotten. */
const MAX_KEYS = 10_000;

/** `<requests>/<seconds>` (e.g. `600/60`); `''`, `off` or undefined: no limit. Throws naming the problem. */
export function parseRateLimit(text: string | undefined): RateLimit | undefined {
  const value = (text ?? '').trim();
  if (value === '' || value === 'off') return undefined;
  const match = /^(\d{1,9})\/(\d{1,9})$/.exec(value);
  if (!match) throw new Error(`expected <requests>/<seconds>, e.g. 600/60, or off; got ${JSON.stringify(value.slice(0, 40))}`);
  const requests = Number(match[1]);
  const seconds = Number(match[2]);
  if (requests < 1 || requests > MAX_REQUESTS) throw new Error(`requests must be 1 to ${MAX_REQUESTS}; got ${requests}`);
  if (seconds < 1 || seconds > MAX_SECONDS) throw new Error(`seconds must be 1 to ${MAX_SECONDS}; got ${seconds}`);
  return { requests, seconds };
}

interface Window {
  /** Times (ms) of the latest requests; `next` is the slot of the oldest once the ring is full. */
  times: Float64Array;
  next: number;
  count: number;
  newest: number;
}

export type Verdict = { allowed: true } | { allowed: false; retryAfter: number };

export class RateLimiter {
  private readonly windows = new Map<string, Window>();
  private readonly windowMs: number;
  private lastSweep = 0;

  constructor(
    readonly limit: RateLimit,
    private readonly clock: () => number = Date.now,
  ) {
    this.windowMs = limit.seconds * 1000;
  }

  /** Counts a request of `key` when it is allowed. */
  hit(key: string): Verdict {
    const now = this.clock();
    this.sweep(now);
    let w = this.windows.get(key);
    if (w) {
      // Most recently seen last, so the first key is the one to forget.
      this.windows.delete(key);
    } else {
      w = { times: new Float64Array(this.limit.requests), next: 0, count: 0, newest: 0 };
      if (this.windows.size >= MAX_KEYS) {
        const first = this.windows.keys().next();
        if (!first.done) this.windows.delete(first.value);
      }
    }
    this.windows.set(key, w);
    if (w.count >= this.limit.requests) {
      const oldest = w.times[w.next] as number;
      const leaves = oldest + this.windowMs;
      if (leaves > now) return { allowed: false, retryAfter: Math.max(1, Math.ceil((leaves - now) / 1000)) };
    }
    w.times[w.next] = now;
    w.next = (w.next + 1) % this.limit.requests;
    w.count = Math.min(w.count + 1, this.limit.requests);
    w.newest = now;
    return { allowed: true };
  }

  /** Tokens tracked (tests). */
  size(): number {
    return this.windows.size;
  }

  /** Drops the windows of tokens with no request in the last window (at most once a window). */
  private sweep(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [key, w] of this.windows) if (w.newest + this.windowMs <= now) this.windows.delete(key);
  }
}

/** Express middleware after authentication (`res.locals.caller`): refuses a token over its limit. */
export function rateLimited(limiter: RateLimiter) {
  const { requests, seconds } = limiter.limit;
  return (req: Request, res: Response, next: NextFunction): void => {
    const caller = res.locals['caller'] as Caller | undefined;
    if (!caller) return next();
    const verdict = limiter.hit(caller.tokenId ?? `user:${caller.userId}`);
    if (verdict.allowed) return next();
    send(
      req,
      res,
      new Failure(
        'rate.error/too-many-requests',
        `This token sent ${requests} requests in the last ${seconds} s, the most this server takes; send the next after ${verdict.retryAfter} s (Retry-After).`,
        { retryAfter: verdict.retryAfter, requests, seconds },
        429,
      ),
    );
  };
}
