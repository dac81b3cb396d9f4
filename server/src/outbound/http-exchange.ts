// One bounded outbound HTTP exchange (an integration app, a file host): a time-out on the
// whole exchange (connecting, sending, the answer's headers and body), a bound on the answer's
// size, no redirect followed (a 3xx is handed back as it is), and a connection made only to an
// address the target policy allows (IP literals checked here, host names by the policy's lookup).
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { TargetPolicy } from '../webhooks/target-policy.js';

export interface ExchangeRequest {
  method: 'GET' | 'POST' | 'DELETE';
  url: URL;
  headers?: Record<string, string>;
  body?: Buffer;
}

export interface ExchangeOptions {
  /** Absent: public addresses only. */
  policy?: TargetPolicy;
  timeoutMs: number;
  /** Largest answer body read; a larger one fails the exchange with kind `too-large`. */
  maxBytes: number;
  signal?: AbortSignal;
}

export interface ExchangeResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export type ExchangeFailureKind = 'refused' | 'timeout' | 'too-large' | 'network' | 'aborted';

/** Why no usable answer came. `message` is a sentence naming the cause (no internals). */
export class ExchangeError extends Error {
  constructor(
    readonly kind: ExchangeFailureKind,
    message: string,
  ) {
    super(message);
  }
}

const DEFAULT_POLICY = new TargetPolicy();

const cancelled = () => new ExchangeError('aborted', 'the call was cancelled (the server is shutting down).');

export function exchange(request: ExchangeRequest, options: ExchangeOptions): Promise<ExchangeResponse> {
  const policy = options.policy ?? DEFAULT_POLICY;
  const { url } = request;
  return new Promise<ExchangeResponse>((resolve, reject) => {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      reject(new ExchangeError('refused', `${url.protocol.replace(/:$/, '')} addresses are not called; only http and https.`));
      return;
    }
    if (!policy.allowsLiteralHost(url)) {
      reject(new ExchangeError('refused', `${url.hostname} is a private, loopback or reserved address this server does not call.`));
      return;
    }
    if (options.signal?.aborted) {
      reject(cancelled());
      return;
    }
    const secure = url.protocol === 'https:';
    const headers: Record<string, string> = { ...request.headers };
    if (request.body) headers['content-length'] = String(request.body.length);
    const req = (secure ? https : http).request(url, {
      method: request.method,
      headers,
      lookup: policy.lookup,
      // A connection per exchange: a kept-alive socket (opened under another policy's lookup, or
      // closed by the app while idle) is never reused.
      agent: false,
    });
    let settled = false;
    // One clock for the whole exchange: connecting, sending, the answer's headers and body.
    const timer = setTimeout(() => finish({ error: new ExchangeError('timeout', `no complete answer within ${options.timeoutMs} ms.`) }), options.timeoutMs);
    const onAbort = () => finish({ error: cancelled() });
    options.signal?.addEventListener('abort', onAbort, { once: true });
    function finish(outcome: { ok: ExchangeResponse } | { error: ExchangeError }): void {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if ('ok' in outcome) resolve(outcome.ok);
      else {
        req.destroy();
        reject(outcome.error);
      }
    }

    req.on('response', (response) => {
      const tooLarge = () => new ExchangeError('too-large', `the answer exceeds ${options.maxBytes} bytes.`);
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > options.maxBytes) {
        finish({ error: tooLarge() });
        response.destroy();
        return;
      }
      const chunks: Buffer[] = [];
      let received = 0;
      response.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > options.maxBytes) {
          finish({ error: tooLarge() });
          response.destroy();
          return;
        }
        chunks.push(chunk);
      });
      response.on('end', () => finish({ ok: { status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks, received) } }));
      response.on('error', () => finish({ error: new ExchangeError('network', 'the connection broke while the answer was read.') }));
      response.on('close', () => {
        if (!response.complete) finish({ error: new ExchangeError('network', 'the connection closed before the answer was complete.') });
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ESVCREFUSED') finish({ error: new ExchangeError('refused', `${url.hostname} resolves only to private, loopback or reserved addresses, which this server does not call.`) });
      else if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN') finish({ error: new ExchangeError('network', `the host ${url.hostname} cannot be resolved.`) });
      else if (error.code === 'ECONNREFUSED') finish({ error: new ExchangeError('network', `nothing answers at ${url.host} (connection refused).`) });
      else finish({ error: new ExchangeError('network', `the connection to ${url.host} failed (${error.code ?? 'error'}).`) });
    });
    req.end(request.body);
  });
}
