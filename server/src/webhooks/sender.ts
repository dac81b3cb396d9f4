// One delivery attempt: a POST with a time-out on the whole exchange, a bound on the response
// size (the body is read and dropped; only the status counts), no redirects followed, and the
// connection made only to an address the target policy allows.
import http from 'node:http';
import https from 'node:https';
import type { TargetPolicy } from './target-policy.js';

export interface AttemptResult {
  /** HTTP status, or 0 when no response came (time-out, refused, reset, address not allowed). */
  status: number;
  elapsedMs: number;
  /** Why no usable response came, for the log. */
  error?: string;
}

export interface SendOptions {
  policy: TargetPolicy;
  timeoutMs: number;
  maxResponseBytes: number;
  /** Aborts the attempt (server shutting down). */
  signal?: AbortSignal;
}

export function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

export function postDelivery(target: string, headers: Record<string, string>, body: string, options: SendOptions): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise<AttemptResult>((resolve) => {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      // Stryker disable next-line StringLiteral: the reason goes to the log only
      resolve({ status: 0, elapsedMs: elapsed(), error: 'invalid URL' });
      return;
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !options.policy.allowsLiteralHost(url)) {
      // Stryker disable next-line StringLiteral: the reason goes to the log only
      resolve({ status: 0, elapsedMs: elapsed(), error: 'address not allowed' });
      return;
    }
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    // Stryker disable next-line StringLiteral,ObjectLiteral: the reason goes to the log only
    const onAbort = () => request.destroy(Object.assign(new Error('the server is shutting down'), { code: 'ESHUTDOWN' }));
    const done = (result: Omit<AttemptResult, 'elapsedMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      resolve({ ...result, elapsedMs: elapsed() });
    };
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': 'svc-kit-webhooks/2',
      },
      lookup: options.policy.lookup,
    });
    // One clock for the whole exchange: connecting, sending, the answer's headers and body.
    timer = setTimeout(() => request.destroy(Object.assign(new Error(`no answer within ${options.timeoutMs} ms`), { code: 'ETIMEDOUT' })), options.timeoutMs);
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener('abort', onAbort, { once: true });
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      let received = 0;
      response.on('data', (chunk: Buffer) => {
        received += chunk.length;
        // Only the status counts: a larger answer is cut off (the status stands).
        if (received > options.maxResponseBytes) {
          done({ status });
          response.destroy();
        }
      });
      response.on('end', () => done({ status }));
      response.on('error', () => done({ status }));
      response.on('close', () => done({ status }));
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral,LogicalOperator: the reason goes to the log only
      done({ status: 0, error: error.code === 'ETIMEDOUT' ? error.message : (error.code ?? error.message) });
    });
    request.end(body);
  });
}
