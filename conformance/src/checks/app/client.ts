/**
 * HTTP to the integration app under test: JSON bodies, no Authorization header (the contract
 * declares no security scheme; credentials travel in the bodies), the run's time-out, an answer
 * size limit, redirects not followed. Every exchange is recorded in the check's client
 * (`ctx.http.exchanges`), so failures carry its curl line like any other check's.
 */
import type { CheckContext } from '../../check.js';
import { HttpError, type HttpClient, type HttpRequest, type HttpResponse } from '../../http.js';

/** Largest answer read from an app (the reference server's limit, spec/integrations.md "Bounds"). */
export const APP_MAX_BYTES = 32 * 1024 * 1024;

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Reads a body up to `max` bytes; throws past it (the rest is not downloaded). */
async function readBounded(response: Response, max: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > max) {
    await response.body?.cancel();
    throw new Error(`the answer declares ${declared} bytes, more than the limit of ${max}`);
  }
  if (response.body === null) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw new Error(`the answer is larger than the limit of ${max} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Sends one request (absolute URL) with the time-out of `http`, records the exchange in
 * `http.exchanges` and answers the response; throws HttpError when it cannot complete.
 */
export async function send(http: HttpClient, request: HttpRequest, maxBytes = APP_MAX_BYTES): Promise<HttpResponse> {
  const started = performance.now();
  const timeoutMs = http.timeoutMs;
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      ...(request.body === undefined ? {} : { body: new TextEncoder().encode(request.body) }),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await readBounded(response, maxBytes);
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const durationMs = Math.round(performance.now() - started);
    const result: HttpResponse = { request, status: response.status, headers, text, json: parseJson(text), durationMs };
    http.exchanges.push({ request, response: result, durationMs });
    return result;
  } catch (error) {
    const durationMs = Math.round(performance.now() - started);
    const reason =
      error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
        ? `no response within ${timeoutMs} ms`
        : `request failed (${error instanceof Error ? error.message : String(error)}${error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : ''})`;
    http.exchanges.push({ request, error: reason, durationMs });
    throw new HttpError(`${request.method} ${request.url}: ${reason}`, request);
  }
}

/** `GET <app>/<path>`. */
export function appGet(ctx: CheckContext, path: string): Promise<HttpResponse> {
  return send(ctx.http, ctx.http.buildRequest({ method: 'GET', path, auth: 'none' }));
}

/** `POST <app>/<path>` with a JSON body. */
export function appPost(ctx: CheckContext, path: string, json: unknown): Promise<HttpResponse> {
  return send(ctx.http, ctx.http.buildRequest({ method: 'POST', path, json, auth: 'none' }));
}

/** `<method> <app>/<path>` with a JSON body (e.g. DELETE /api/v1/account). */
export function appRequest(ctx: CheckContext, method: string, path: string, json: unknown): Promise<HttpResponse> {
  return send(ctx.http, ctx.http.buildRequest({ method, path, json, auth: 'none' }));
}

/** `GET` of an absolute address (e.g. an OAuth page served by the app), without following redirects. */
export function getAbsolute(ctx: CheckContext, url: string): Promise<HttpResponse> {
  return send(ctx.http, { method: 'GET', url, headers: {} });
}
