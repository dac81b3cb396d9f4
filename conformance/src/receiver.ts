/**
 * A webhook receiver for the checks: an HTTP server on 127.0.0.1 (a free port) that records every
 * request it gets and answers 200, or 500 while told to fail (`failNext`), or the statuses it is told (`answerNext`);
 * a path it is told to `serve` answers that content (a file for the target to download). Checks create
 * webhooks pointing at `url(path)` and wait for what arrives with `waitFor`, always bounded: a
 * wait that runs out is remembered (`missed`), so that a property check stops at the first
 * delivery that never came instead of waiting again for every shrunk input.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Longest time a check waits for one delivery (or one change of the webhook list) by default. */
export const DELIVERY_WAIT_MS = 10_000;
let deliveryWait = DELIVERY_WAIT_MS;

/** The time a check waits for one delivery: DELIVERY_WAIT_MS unless a test set it (setDeliveryWaitMs). */
export function deliveryWaitMs(): number {
  return deliveryWait;
}

/** Sets the wait for one delivery (tests of the waits themselves); answers the previous one. */
export function setDeliveryWaitMs(ms: number): number {
  const previous = deliveryWait;
  deliveryWait = Math.max(1, Math.floor(ms));
  return previous;
}

/** Seconds of a wait, for messages: `10 s`, `1.5 s`. */
export function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}
/** Largest body recorded; a larger one is cut off (and answered 413). */
const MAX_BODY_BYTES = 8 * 1024 * 1024;

export interface ReceivedRequest {
  /** Order of arrival, from 0. */
  index: number;
  method: string;
  /** Path and query of the request. */
  path: string;
  /** Lower-case header names. */
  headers: Record<string, string>;
  body: string;
  /** The parsed body, or undefined when it is not JSON. */
  json: unknown;
  /** Status this receiver answered. */
  status: number;
  receivedAt: number;
}

export interface WaitOptions {
  /** What the wait is for, as a noun phrase ("a delivery with command.correlationId ..."). */
  what?: string;
  timeoutMs?: number;
}

export class Receiver {
  readonly requests: ReceivedRequest[] = [];
  /** Milliseconds each answer is held back (a slow receiver). */
  latencyMs = 0;
  /** What the first wait that ran out waited for (then every later wait gives up at once). */
  missed: string | undefined;
  private failing = 0;
  private answers: number[] = [];
  /** Content answered on one path (a file a check has the target download), instead of `{"ok":true}`. */
  readonly served = new Map<string, { contentType: string; body: Uint8Array }>();
  /** Statuses to answer on one path, before the answers of every path. */
  private readonly pathAnswers = new Map<string, number[]>();
  private readonly waiters = new Set<() => void>();

  private constructor(
    private readonly server: Server,
    readonly baseUrl: string,
  ) {}

  /** Starts a receiver on 127.0.0.1 and a free port. */
  static async start(): Promise<Receiver> {
    let receiver: Receiver | undefined;
    const server = createServer((req, res) => {
      void receiver?.handle(req).then((status) => {
        res.statusCode = status;
        const served = receiver?.served.get(req.url ?? '');
        if (served !== undefined && status === 200) {
          res.setHeader('content-type', served.contentType);
          res.end(served.body);
          return;
        }
        res.setHeader('content-type', 'application/json');
        res.end(status >= 200 && status < 300 ? '{"ok":true}' : '{"ok":false}');
      });
    });
    server.keepAliveTimeout = 1_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    receiver = new Receiver(server, `http://127.0.0.1:${port}`);
    return receiver;
  }

  /** The address of a path on this receiver (a path per webhook keeps their requests apart). */
  url(path: string): string {
    return `${this.baseUrl}${path.startsWith('/') ? path : `/${path}`}`;
  }

  /** Answer every 200 on `path` (path and query) with this content and Content-Type. */
  serve(path: string, contentType: string, body: Uint8Array): void {
    this.served.set(path.startsWith('/') ? path : `/${path}`, { contentType, body });
  }

  /** Answer 500 to the next `n` requests. */
  failNext(n: number): void {
    this.failing = Math.max(0, Math.floor(n));
    this.answers = [];
  }

  /**
   * Answer the next requests with these statuses, one each, in order (then 200 again); with a
   * path, only the requests on that path (each webhook posts to a path of its own).
   */
  answerNext(statuses: number[], path?: string): void {
    if (path !== undefined) {
      this.pathAnswers.set(path, [...statuses]);
      return;
    }
    this.failing = 0;
    this.answers = [...statuses];
  }

  /** Requests received on a path, in order of arrival. */
  on(path: string): ReceivedRequest[] {
    return this.requests.filter((r) => r.path === path);
  }

  /**
   * Waits until `done()` holds, at most `timeoutMs` (deliveryWaitMs() by default); answers whether
   * it did. Checks whenever a request arrives, and every 200 ms. A wait that runs out records
   * `what` it waited for in `missed`; once one has, a later wait does not wait at all (it answers
   * `done()`). A number is the time-out alone.
   */
  async waitFor(done: () => boolean, wait: number | WaitOptions = {}): Promise<boolean> {
    const { timeoutMs = deliveryWait, what = 'a request' } = typeof wait === 'number' ? { timeoutMs: wait } : wait;
    const deadline = this.missed === undefined ? Date.now() + timeoutMs : 0;
    while (!done()) {
      const left = deadline - Date.now();
      if (left <= 0) {
        this.missed ??= `${what} (waited ${seconds(timeoutMs)})`;
        return false;
      }
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          this.waiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, Math.min(left, 200));
        this.waiters.add(wake);
      });
    }
    return true;
  }

  /**
   * Waits at most `ms` for something that may well not come (a delivery of a feature the server
   * may lack); answers whether `done()` holds. Running out is not a miss.
   */
  async within(done: () => boolean, ms: number): Promise<boolean> {
    const deadline = Date.now() + ms;
    while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, Math.min(50, Math.max(1, deadline - Date.now()))));
    return done();
  }

  /** Waits `ms` and answers the requests that arrived meanwhile (to see that nothing comes). */
  async quietFor(ms: number): Promise<ReceivedRequest[]> {
    const before = this.requests.length;
    await new Promise((resolve) => setTimeout(resolve, ms));
    return this.requests.slice(before);
  }

  async close(): Promise<void> {
    for (const wake of [...this.waiters]) wake();
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  private async handle(req: IncomingMessage): Promise<number> {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    for await (const chunk of req) {
      const buffer = chunk as Buffer;
      size += buffer.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      else chunks.push(buffer);
    }
    const body = Buffer.concat(chunks).toString('utf8');
    let json: unknown;
    try {
      json = JSON.parse(body) as unknown;
    } catch {
      json = undefined;
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) headers[name] = Array.isArray(value) ? value.join(', ') : (value ?? '');
    let status = 200;
    const onPath = this.pathAnswers.get(req.url ?? '');
    if (tooLarge) status = 413;
    else if (onPath !== undefined && onPath.length > 0) status = onPath.shift() as number;
    else if (this.answers.length > 0) status = this.answers.shift() as number;
    else if (this.failing > 0) {
      this.failing -= 1;
      status = 500;
    }
    this.requests.push({ index: this.requests.length, method: req.method ?? '', path: req.url ?? '', headers, body, json, status, receivedAt: Date.now() });
    for (const wake of [...this.waiters]) wake();
    if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
    return status;
  }
}
