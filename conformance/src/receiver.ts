/**
 * A webhook receiver for the checks: an HTTP server on 127.0.0.1 (a free port) that records every
 * request it gets and answers 200, or 500 while told to fail (`failNext`). Checks create
 * webhooks pointing at `url(path)` and wait for what arrives with `waitFor`, always bounded.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Longest time a check waits for deliveries (retries of the server under test included). */
export const DELIVERY_WAIT_MS = 30_000;
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

export class Receiver {
  readonly requests: ReceivedRequest[] = [];
  /** Milliseconds each answer is held back (a slow receiver). */
  latencyMs = 0;
  private failing = 0;
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
        res.setHeader('content-type', 'application/json');
        res.end(status === 200 ? '{"ok":true}' : '{"ok":false}');
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

  /** Answer 500 to the next `n` requests. */
  failNext(n: number): void {
    this.failing = Math.max(0, Math.floor(n));
  }

  /** Requests received on a path, in order of arrival. */
  on(path: string): ReceivedRequest[] {
    return this.requests.filter((r) => r.path === path);
  }

  /**
   * Waits until `done()` holds, at most `timeoutMs`; answers whether it did. Checks whenever a
   * request arrives, and every 200 ms.
   */
  async waitFor(done: () => boolean, timeoutMs: number = DELIVERY_WAIT_MS): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      const left = deadline - Date.now();
      if (left <= 0) return false;
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
    if (tooLarge) status = 413;
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
