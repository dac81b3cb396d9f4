// Admission of heavy requests (spec/service.openapi.yaml, "Shared load"): a request that may read
// more than a page of Entities (a `q/no-limit` or a `q/limit` over 1001 anywhere in a command
// request; a GraphQL operation that may return over 10,000 Entities), or that writes over 100
// Entities with one `svc.entity.batch/...` command, waits for a slot. One token
// runs at most `perToken` of them at once and the server at most `total` (HEAVY_LIMITS); waiting
// requests are served round-robin over tokens, so a token that queues many does not keep one that
// queued one waiting. A token with `queuePerToken` requests waiting is answered 429
// `rate.error/too-many-requests` at once, and so is a request that waited `waitMs`. Small requests
// never wait here.
import type { Response } from 'express';
import { Failure } from '../api/failure.js';
import type { Caller } from '../commands/context.js';
import type { StorageKind } from '../db/database.js';

export interface HeavyLimits {
  /** Heavy requests of one token running at once. */
  perToken: number;
  /** Heavy requests running at once on this server process. */
  total: number;
  /** Heavy requests of one token waiting; one more is refused. */
  queuePerToken: number;
  /** The longest wait for a slot; then 429. */
  waitMs: number;
}

export const HEAVY_LIMITS: HeavyLimits = { perToken: 1, total: 2, queuePerToken: 4, waitMs: 60_000 };

/**
 * The limits on a storage: the embedded ones (pg-mem, PGlite) run each statement synchronously in
 * the server's process, so a statement over a large Database holds every request for its length;
 * one heavy request at a time there keeps a small one from waiting behind two.
 */
export function heavyLimitsOf(kind: StorageKind): HeavyLimits {
  return kind === 'postgres' ? HEAVY_LIMITS : { ...HEAVY_LIMITS, total: 1 };
}

/** A command request is heavy when it may read more than one page (the contract's page: q/limit 1001). */
export const PAGE_LIMIT = 1001;
/** A GraphQL operation is heavy when its cost (Entities it may return) is over this. */
export const HEAVY_GRAPHQL_COST = 10_000;
/** An `svc.entity.batch/...` command is heavy when it writes more Entities than this (in one transaction). */
export const HEAVY_BATCH_ENTITIES = 100;

/** The client closed its connection while its request waited: nothing is answered. */
export class ClientGone extends Error {
  constructor() {
    super('the client closed the connection before its turn');
  }
}

/** Releases a slot; calling it again does nothing. */
export type Release = () => void;

interface Waiter {
  admit: () => void;
}

function tooMany(message: string, retryAfter: number): Failure {
  return new Failure('rate.error/too-many-requests', message, { retryAfter }, 429);
}

export class HeavyRequestGate {
  private running = 0;
  private readonly runningBy = new Map<string, number>();
  private readonly waiting = new Map<string, Waiter[]>();
  /** Tokens with waiters, in the order they are next served. */
  private rotation: string[] = [];

  constructor(private readonly limits: HeavyLimits = HEAVY_LIMITS) {}

  /** Resolves with a release once `token` may run a heavy request; rejects with a 429 Failure. */
  async enter(token: string, gone?: AbortSignal): Promise<Release> {
    const queue = this.waiting.get(token) ?? [];
    const atOnce = this.canRun(token) && this.rotation.length === 0;
    if (!atOnce && queue.length >= this.limits.queuePerToken) {
      throw tooMany(
        `This token has ${this.limits.queuePerToken} heavy requests waiting (q/no-limit, q/limit over ${PAGE_LIMIT}, or GraphQL operations of cost over ${HEAVY_GRAPHQL_COST}) besides the ${this.limits.perToken} running; wait for their answers, or page with q/limit.`,
        1,
      );
    }
    return new Promise<Release>((resolve, reject) => {
      const waiter: Waiter = {
        admit: () => {
          clearTimeout(timer);
          gone?.removeEventListener('abort', abandon);
          resolve(this.start(token));
        },
      };
      const leave = () => {
        const list = this.waiting.get(token) ?? [];
        const at = list.indexOf(waiter);
        if (at >= 0) list.splice(at, 1);
        if (list.length === 0) {
          this.waiting.delete(token);
          this.rotation = this.rotation.filter((t) => t !== token);
        }
      };
      const timer = setTimeout(() => {
        leave();
        gone?.removeEventListener('abort', abandon);
        reject(tooMany(`No slot for a heavy request freed within ${this.limits.waitMs / 1000} s; try again later, or page with q/limit.`, Math.ceil(this.limits.waitMs / 1000)));
      }, this.limits.waitMs);
      const abandon = () => {
        clearTimeout(timer);
        leave();
        reject(new ClientGone());
      };
      gone?.addEventListener('abort', abandon, { once: true });
      queue.push(waiter);
      this.waiting.set(token, queue);
      if (!this.rotation.includes(token)) this.rotation.push(token);
      // Admitted at once when a slot is free and no one who can run is ahead.
      this.admitNext();
    });
  }

  /** Heavy requests running and waiting (tests, logs). */
  load(): { running: number; waiting: number } {
    let waiting = 0;
    for (const list of this.waiting.values()) waiting += list.length;
    return { running: this.running, waiting };
  }

  private canRun(token: string): boolean {
    return this.running < this.limits.total && (this.runningBy.get(token) ?? 0) < this.limits.perToken;
  }

  private start(token: string): Release {
    this.running++;
    this.runningBy.set(token, (this.runningBy.get(token) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      const left = (this.runningBy.get(token) ?? 1) - 1;
      if (left === 0) this.runningBy.delete(token);
      else this.runningBy.set(token, left);
      this.admitNext();
    };
  }

  /** Admits waiters round-robin over tokens while slots are free. */
  private admitNext(): void {
    let turns = this.rotation.length;
    while (turns-- > 0 && this.running < this.limits.total) {
      const token = this.rotation.shift() as string;
      const queue = this.waiting.get(token) ?? [];
      if (!this.canRun(token)) {
        this.rotation.push(token);
        continue;
      }
      const waiter = queue.shift();
      if (queue.length > 0) this.rotation.push(token);
      else this.waiting.delete(token);
      waiter?.admit();
    }
  }
}

/** Whether an object is an `svc.entity.batch/...` command of more than HEAVY_BATCH_ENTITIES Entities. */
function isBigEntityBatch(record: Record<string, unknown>): boolean {
  const name = record['command'];
  if (typeof name !== 'string' || !name.startsWith('svc.entity.batch/')) return false;
  const entities = (record['args'] as { entities?: unknown } | undefined)?.entities;
  return Array.isArray(entities) && entities.length > HEAVY_BATCH_ENTITIES;
}

/**
 * Whether a command request may read more than a page (a `q/no-limit` or a `q/limit` over
 * PAGE_LIMIT anywhere in it), or writes many Entities at once (an entity batch command of more
 * than HEAVY_BATCH_ENTITIES).
 */
export function isHeavyCommandRequest(body: unknown): boolean {
  const stack: unknown[] = [body];
  // Bounded: the body is at most 1 MiB and nests at most the depth limit.
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    const record = value as Record<string, unknown>;
    if (record['q/no-limit'] === true || isBigEntityBatch(record)) return true;
    const limit = record['q/limit'];
    if (limit !== undefined && !(typeof limit === 'number' && limit <= PAGE_LIMIT)) return true;
    for (const item of Object.values(record)) stack.push(item);
  }
  return false;
}

/**
 * Waits for a heavy request's slot: answers its release, or undefined when the client closed the
 * connection meanwhile (nothing is to be answered then). Throws the 429 Failure.
 */
export async function admitHeavy(gate: HeavyRequestGate, res: Response, caller: Caller): Promise<Release | undefined> {
  const gone = new AbortController();
  const onClose = () => gone.abort();
  res.once('close', onClose);
  try {
    return await gate.enter(caller.tokenId ?? caller.userId, gone.signal);
  } catch (error) {
    if (error instanceof ClientGone) return undefined;
    throw error;
  } finally {
    res.off('close', onClose);
  }
}
