/**
 * A small HTTP client over global fetch: per-request time-out, JSON decoding,
 * and a record of every exchange so that a failure can show its curl line.
 */
import { CheckFailure } from './check.js';
import { toCurl, type HttpRequest } from './curl.js';

export { toCurl, shellQuote, type HttpRequest } from './curl.js';

/** One part of a multipart/form-data body: a file part when it has a filename. */
export interface FormPart {
  name: string;
  filename?: string;
  contentType?: string;
  value: Uint8Array | string;
}

export const DEFAULT_TIMEOUT_MS = 10_000;

/** How the request authenticates. Default: `token` (`Authorization: Token <token>`). */
export type Auth = 'token' | 'bearer' | 'none' | { header: string };

export interface RequestSpec {
  method?: string;
  /** Path below the base URL (starting with `/`), query string included. */
  path: string;
  headers?: Record<string, string>;
  /** A JSON value sent as the body with `Content-Type: application/json` (unless `headers` say otherwise). */
  json?: unknown;
  /** A raw body; no Content-Type is added (give one in `headers`). Wins over `json`. */
  body?: string;
  /** A multipart/form-data body (fetch sets the Content-Type with its boundary). Wins over `body` and `json`. */
  form?: FormPart[];
  auth?: Auth;
  timeoutMs?: number;
}

export interface HttpResponse {
  request: HttpRequest;
  status: number;
  /** Response headers, lower-case names. */
  headers: Record<string, string>;
  text: string;
  /** The body's bytes as received (set by HttpClient; absent on made-up responses). */
  bytes?: Uint8Array;
  /** The parsed body, or undefined when the body is not JSON. */
  json: unknown;
  durationMs: number;
}

export interface Exchange {
  request: HttpRequest;
  response?: HttpResponse;
  error?: string;
  durationMs: number;
}

/** The request could not complete (time-out, refused connection, ...). */
export class HttpError extends CheckFailure {
  readonly request: HttpRequest;

  constructor(message: string, request: HttpRequest) {
    super(message, { curl: toCurl(request) });
    this.name = 'HttpError';
    this.request = request;
  }
}

export interface HttpClientOptions {
  baseUrl: string;
  token: string;
  timeoutMs?: number;
  /** Epoch milliseconds after which no request is sent and a running one is cut (the check's deadline). */
  deadline?: number;
  onExchange?: (exchange: Exchange) => void;
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function normalizeBaseUrl(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '');
}

export class HttpClient {
  readonly baseUrl: string;
  readonly token: string;
  readonly timeoutMs: number;
  /** Epoch milliseconds after which requests fail at once (a check past its time limit). */
  deadline: number;
  readonly exchanges: Exchange[] = [];
  private readonly onExchange: ((exchange: Exchange) => void) | undefined;

  constructor(options: HttpClientOptions) {
    this.baseUrl = normalizeBaseUrl(options.baseUrl);
    this.token = options.token;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.deadline = options.deadline ?? Number.POSITIVE_INFINITY;
    this.onExchange = options.onExchange;
  }

  /** The last recorded exchange, if any. */
  get lastExchange(): Exchange | undefined {
    return this.exchanges.at(-1);
  }

  buildRequest(spec: RequestSpec): HttpRequest {
    const headers: Record<string, string> = {};
    const auth = spec.auth ?? 'token';
    if (auth === 'token') headers['Authorization'] = `Token ${this.token}`;
    else if (auth === 'bearer') headers['Authorization'] = `Bearer ${this.token}`;
    else if (auth !== 'none') headers['Authorization'] = auth.header;

    let body: string | undefined;
    if (spec.form !== undefined) body = undefined;
    else if (spec.body !== undefined) body = spec.body;
    else if ('json' in spec) {
      body = JSON.stringify(spec.json) ?? 'null';
      headers['Content-Type'] = 'application/json';
    }
    if (spec.headers) {
      for (const [name, value] of Object.entries(spec.headers)) {
        for (const key of Object.keys(headers)) {
          if (key.toLowerCase() === name.toLowerCase()) delete headers[key];
        }
        headers[name] = value;
      }
    }
    const request: HttpRequest = { method: (spec.method ?? 'GET').toUpperCase(), url: this.baseUrl + spec.path, headers };
    if (body !== undefined) request.body = body;
    if (spec.form !== undefined) {
      request.form = spec.form.map((p) => ({
        name: p.name,
        // Bytes go as a file part (formData below): named by the part when no filename is given.
        ...(p.filename === undefined && typeof p.value === 'string' ? {} : { filename: p.filename ?? p.name }),
        ...(p.contentType === undefined ? {} : { contentType: p.contentType }),
        size: typeof p.value === 'string' ? new TextEncoder().encode(p.value).length : p.value.length,
        ...(p.filename === undefined && typeof p.value === 'string' ? { value: p.value } : {}),
      }));
    }
    return request;
  }

  async request(spec: RequestSpec): Promise<HttpResponse> {
    const request = this.buildRequest(spec);
    const left = this.deadline - Date.now();
    if (left <= 0) {
      this.record({ request, error: "not sent: the check's time limit ran out", durationMs: 0 });
      throw new HttpError(`${request.method} ${request.url}: not sent, the check's time limit ran out`, request);
    }
    const ownTimeout = spec.timeoutMs ?? this.timeoutMs;
    const timeoutMs = Math.min(ownTimeout, left);
    const started = performance.now();
    try {
      const response = await fetch(request.url, {
        method: request.method,
        headers: request.headers,
        // Bytes, so that fetch adds no Content-Type of its own; a form as FormData (fetch adds its boundary).
        ...(spec.form !== undefined ? { body: formData(spec.form) } : request.body === undefined ? {} : { body: new TextEncoder().encode(request.body) }),
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      const bytes = new Uint8Array(await response.arrayBuffer());
      const text = new TextDecoder().decode(bytes);
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        headers[name] = value;
      });
      const result: HttpResponse = {
        request,
        status: response.status,
        headers,
        text,
        bytes,
        json: parseJson(text),
        durationMs: Math.round(performance.now() - started),
      };
      this.record({ request, response: result, durationMs: result.durationMs });
      return result;
    } catch (error) {
      const durationMs = Math.round(performance.now() - started);
      const reason = timeoutMs < ownTimeout && isTimeout(error) ? `no response before the check's time limit ran out (${timeoutMs} ms)` : describeFetchError(error, timeoutMs);
      this.record({ request, error: reason, durationMs });
      throw new HttpError(`${request.method} ${request.url}: ${reason}`, request);
    }
  }

  get(path: string, options: Omit<RequestSpec, 'path' | 'method'> = {}): Promise<HttpResponse> {
    return this.request({ ...options, method: 'GET', path });
  }

  post(path: string, json: unknown, options: Omit<RequestSpec, 'path' | 'method' | 'json'> = {}): Promise<HttpResponse> {
    return this.request({ ...options, method: 'POST', path, json });
  }

  /** POST a multipart/form-data body. */
  postForm(path: string, form: FormPart[], options: Omit<RequestSpec, 'path' | 'method' | 'json' | 'body' | 'form'> = {}): Promise<HttpResponse> {
    return this.request({ ...options, method: 'POST', path, form });
  }

  /** POST a JSON body to /api/commands. */
  command(json: unknown, options: Omit<RequestSpec, 'path' | 'method' | 'json'> = {}): Promise<HttpResponse> {
    return this.post('/api/commands', json, options);
  }

  private record(exchange: Exchange): void {
    this.exchanges.push(exchange);
    this.onExchange?.(exchange);
  }
}

function formData(parts: readonly FormPart[]): FormData {
  const form = new FormData();
  for (const part of parts) {
    if (part.filename === undefined && typeof part.value === 'string') form.append(part.name, part.value);
    else form.append(part.name, new Blob([typeof part.value === 'string' ? part.value : Uint8Array.from(part.value)], part.contentType === undefined ? {} : { type: part.contentType }), part.filename ?? part.name);
  }
  return form;
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

function describeFetchError(error: unknown, timeoutMs: number): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError' || error.name === 'AbortError') return `no response within ${timeoutMs} ms`;
    const cause = (error as Error & { cause?: unknown }).cause;
    const causeText = cause instanceof Error ? `: ${cause.message}` : '';
    return `request failed (${error.message}${causeText})`;
  }
  return `request failed (${String(error)})`;
}
