/**
 * The fault-injecting HTTP proxy: stands in front of a server or an integration app, forwards
 * every request and answer, and lets one fault (fault.ts) change them on the way. Without a fault
 * it is transparent: method, path, headers (hop-by-hop ones aside) and body bytes pass unchanged.
 *
 * Inbound: the suite talks to `proxy.url` as if it were the target. Bodies are buffered (at most
 * `maxBodyBytes`, 64 MiB: 413 beyond), JSON is parsed when the content type says JSON, the
 * fault's `inbound` hooks run, and a body a hook changed is re-serialized.
 *
 * Outbound relay: addresses the target will call back, given in a request body (the `url` of
 * `POST /api/webhooks/v2`, the `appUrl` of `POST /api/integrations/...`), are replaced by
 * `<proxy.url>/__relay/<n>` when they point at loopback; every answer has them written back, so
 * the suite sees the address it sent. Calls arriving at `/__relay/<n><rest>` are forwarded to the
 * original address + rest through the fault's `outbound` hooks.
 *
 * Upstream failures are answered 502 `{name, message}`; an answer cut in the middle of its body is
 * passed on cut (same headers, the bytes that came, then the connection closes).
 */
import { Agent, createServer, request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { Direction, Fault, FaultHooks, FaultState, ProxiedRequest, ProxiedResponse } from './fault.js';

export interface FaultProxy {
  /** The proxy's base address, e.g. `http://127.0.0.1:53211`. */
  readonly url: string;
  /** Sets (or clears) the fault; its state starts empty. */
  setFault(fault: Fault | undefined): void;
  /** Problems of the proxy itself since the fault was set: hooks that threw, relays to unknown addresses. */
  readonly problems: readonly string[];
  close(): Promise<void>;
}

export interface FaultProxyOptions {
  /** Base address of the target, e.g. `http://127.0.0.1:8080`. */
  upstream: string;
  fault?: Fault;
  /** Interface to listen on; default 127.0.0.1. */
  host?: string;
  /** Time-out of one forwarded call; default 60 s. */
  timeoutMs?: number;
  /** Largest body buffered (request or answer); default 64 MiB. */
  maxBodyBytes?: number;
}

export const PROXY_TIMEOUT_MS = 60_000;
export const PROXY_MAX_BODY_BYTES = 64 * 1024 * 1024;
/** Path prefix of relayed outbound calls. */
export const RELAY_PREFIX = '/__relay/';

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade']);
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

class BodyTooLarge extends Error {}

/** A connection the address refused. */
function isRefused(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ECONNREFUSED';
}

/** An answer from upstream that broke off in the middle of its body. */
interface CutAnswer {
  cut: true;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

function isJsonType(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || type.endsWith('+json');
}

function parseJsonBody(headers: Record<string, string>, body: Buffer): unknown {
  if (!isJsonType(headers['content-type']) || body.length === 0) return undefined;
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

function flatHeaders(raw: IncomingMessage['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** Reads a whole body; past `limit` bytes it keeps reading (and dropping) to the end, then throws BodyTooLarge. */
async function readBody(stream: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size <= limit) chunks.push(buffer);
  }
  if (size > limit) throw new BodyTooLarge(`the body is larger than ${limit} bytes`);
  return Buffer.concat(chunks);
}

function errorBody(name: string, message: string): Buffer {
  return Buffer.from(JSON.stringify({ name, message }));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Decodes a content-encoded answer so that hooks and the relay rewrite see its bytes; undefined when it cannot. */
function decoded(headers: Record<string, string>, body: Buffer): Buffer | undefined {
  const encoding = (headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  try {
    if (encoding === 'identity' || encoding === '') return body;
    if (encoding === 'gzip' || encoding === 'x-gzip') return gunzipSync(body);
    if (encoding === 'deflate') return inflateSync(body);
    if (encoding === 'br') return brotliDecompressSync(body);
  } catch {
    return undefined;
  }
  return undefined;
}

/** The answer with a content-encoded body decoded (and Content-Encoding dropped), so that a hook can read it. */
function plainBody(response: ProxiedResponse): ProxiedResponse {
  const encoding = response.headers['content-encoding'];
  if (encoding === undefined || encoding.trim().toLowerCase() === 'identity') return response;
  const plain = decoded(response.headers, response.body);
  if (plain === undefined) return response;
  const headers = { ...response.headers };
  delete headers['content-encoding'];
  return { ...response, headers, body: plain };
}

/** The address a relayed call goes to: the original address with the rest of the relay path (and query) added. */
export function relayTarget(original: string, rest: string): URL {
  const url = new URL(original);
  const q = rest.indexOf('?');
  const restPath = q === -1 ? rest : rest.slice(0, q);
  const restQuery = q === -1 ? '' : rest.slice(q + 1);
  if (restPath !== '' && restPath !== '/') url.pathname = url.pathname.replace(/\/+$/, '') + restPath;
  else if (restPath === '/' && !url.pathname.endsWith('/')) url.pathname = `${url.pathname}/`;
  if (restQuery !== '') url.search = url.search === '' ? `?${restQuery}` : `${url.search}&${restQuery}`;
  return url;
}

/**
 * Is this an address worth relaying: http(s) on loopback with a port (the suite's receivers and
 * mock apps listen on one; a URL without a port is an address a check expects refused)?
 */
function relayable(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_HOSTS.has(url.hostname) && url.port !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** Which field of an inbound request body holds an address the target will call back. */
function relayField(method: string, path: string): string | undefined {
  const pathname = path.split('?')[0]!.replace(/\/+$/, '');
  if (method === 'POST' && pathname === '/api/webhooks/v2') return 'url';
  if ((method === 'PUT' || method === 'PATCH') && /^\/api\/webhooks\/v2\/[^/]+$/.test(pathname)) return 'url';
  if (method === 'POST' && pathname.startsWith('/api/integrations/')) return 'appUrl';
  return undefined;
}

class Proxy implements FaultProxy {
  url = '';
  private fault: Fault | undefined;
  private state: FaultState = new Map();
  private readonly relays: string[] = [];
  private readonly relayIds = new Map<string, number>();
  private readonly problemList: string[] = [];
  private readonly agent = new Agent({ keepAlive: true, keepAliveMsecs: 1_000, maxFreeSockets: 16 });
  private readonly httpsAgent = new HttpsAgent({ keepAlive: true, maxFreeSockets: 16 });
  private readonly upstream: URL;
  private readonly timeoutMs: number;
  private readonly maxBodyBytes: number;
  private readonly sockets = new Set<Socket>();
  private server: Server | undefined;

  constructor(options: FaultProxyOptions) {
    this.upstream = new URL(options.upstream);
    if (this.upstream.protocol !== 'http:' && this.upstream.protocol !== 'https:') throw new Error(`the fault proxy's upstream ${options.upstream} is not an http(s) address`);
    this.fault = options.fault;
    this.timeoutMs = options.timeoutMs ?? PROXY_TIMEOUT_MS;
    this.maxBodyBytes = options.maxBodyBytes ?? PROXY_MAX_BODY_BYTES;
  }

  get problems(): readonly string[] {
    return this.problemList;
  }

  setFault(fault: Fault | undefined): void {
    this.fault = fault;
    this.state = new Map();
    this.problemList.length = 0;
  }

  async listen(host: string): Promise<void> {
    const server = createServer((req, res) => {
      void this.handle(req, res).catch((error: unknown) => {
        this.problemList.push(`the proxy failed on ${req.method ?? ''} ${req.url ?? ''}: ${error instanceof Error ? error.message : String(error)}`);
        if (!res.headersSent) this.send(res, 502, { 'content-type': 'application/json' }, errorBody('proxy.error/internal', error instanceof Error ? error.message : String(error)));
        else res.destroy();
      });
    });
    server.keepAliveTimeout = 5_000;
    server.requestTimeout = 0;
    server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    const { port } = server.address() as AddressInfo;
    this.url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of this.sockets) socket.destroy();
      });
    }
    this.agent.destroy();
    this.httpsAgent.destroy();
  }

  // ---------------------------------------------------------------- handling

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const abort = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) abort.abort();
    });
    const path = req.url ?? '/';
    let body: Buffer;
    try {
      body = await readBody(req, this.maxBodyBytes);
    } catch (error) {
      if (error instanceof BodyTooLarge) {
        this.send(res, 413, { 'content-type': 'application/json', connection: 'close' }, errorBody('proxy.error/too-large', `the fault proxy buffers bodies up to ${this.maxBodyBytes} bytes; this request's body is larger`));
        return;
      }
      throw error;
    }
    const headers = flatHeaders(req.headers);
    const proxied: ProxiedRequest = { method: (req.method ?? 'GET').toUpperCase(), path, headers, body };

    if (path.startsWith(RELAY_PREFIX)) {
      const match = /^\/__relay\/(\d+)(.*)$/s.exec(path);
      const original = match ? this.relays[Number(match[1])] : undefined;
      if (!match || original === undefined || (match[2] !== '' && !/^[/?]/.test(match[2]!))) {
        this.problemList.push(`a call to ${path} names no relayed address`);
        this.send(res, 404, { 'content-type': 'application/json' }, errorBody('proxy.error/unknown-relay', `${path} names no address relayed by this proxy`));
        return;
      }
      const target = relayTarget(original, match[2]!);
      proxied.path = `${target.pathname}${target.search}`;
      proxied.url = target.href;
      await this.exchange('outbound', proxied, target, res, abort.signal);
      return;
    }

    const target = this.upstreamUrl(path);
    proxied.url = target.href;
    await this.exchange('inbound', proxied, target, res, abort.signal, relayField(proxied.method, path));
  }

  /** Where an inbound request path goes upstream (the upstream's own base path, if any, prefixes it). */
  private upstreamUrl(path: string): URL {
    const target = new URL(path, this.upstream);
    if (this.upstream.pathname !== '/' && this.upstream.pathname !== '') target.pathname = this.upstream.pathname.replace(/\/+$/, '') + (path.split('?')[0] ?? '');
    return target;
  }

  /** Runs the hooks of one direction around one forwarded call and answers it. */
  private async exchange(direction: Direction, original: ProxiedRequest, target: URL, res: ServerResponse, signal: AbortSignal, relayKey?: string): Promise<void> {
    const hooks: FaultHooks | undefined = this.fault?.[direction];
    const state = this.state;
    let request = original;
    const sentPath = original.path;
    const sentUrl = original.url;
    // JSON is parsed only when something may look at it: a hook of this direction, or the relay.
    const looks = hooks !== undefined && (hooks.request !== undefined || hooks.reply !== undefined || hooks.response !== undefined);
    if (looks || relayKey !== undefined) request.json = parseJsonBody(request.headers, request.body);
    const before = request.json === undefined ? undefined : JSON.stringify(request.json);
    let changed = false;
    if (hooks?.request) {
      const replaced = await this.hook(`${direction}.request`, () => hooks.request!(request, state));
      if (replaced === null) return this.hookFailed(res);
      if (replaced) request = replaced;
    }
    if (relayKey !== undefined && request.json !== null && typeof request.json === 'object' && !Array.isArray(request.json)) {
      const record = request.json as Record<string, unknown>;
      if (relayable(record[relayKey])) {
        record[relayKey] = this.relayAddress(record[relayKey]);
        changed = true;
      }
    }
    // A hook that changed the path (and not the url) sends the request to that path.
    if (request.path !== sentPath && request.url === sentUrl) {
      request.url = direction === 'inbound' ? this.upstreamUrl(request.path).href : new URL(request.path, target).href;
    }
    // A body whose JSON a hook (or the relay) changed is sent re-serialized; otherwise its bytes go as they came.
    if (request.json !== undefined) {
      const after = JSON.stringify(request.json);
      if (changed || after !== before) request.body = Buffer.from(after, 'utf8');
    }

    let answer: ProxiedResponse | CutAnswer | undefined;
    let headOnly = false;
    let replied = false;
    if (hooks?.reply) {
      const reply = await this.hook(`${direction}.reply`, () => hooks.reply!(request, state));
      if (reply === null) return this.hookFailed(res);
      if (reply) {
        answer = reply;
        replied = true;
      }
    }
    if (answer === undefined) {
      try {
        answer = await this.forward(request, new URL(request.url ?? target.href), signal);
        if (request.method === 'HEAD' && !('cut' in answer)) headOnly = true;
      } catch (error) {
        if (signal.aborted) return void res.destroy();
        // A relayed call whose address takes no connection gets none from the proxy either, as it
        // would without the proxy (the caller sees no response, not a 502 of the proxy's own).
        if (direction === 'outbound' && isRefused(error)) return void res.destroy();
        const message = error instanceof Error ? error.message : String(error);
        const name = error instanceof BodyTooLarge ? 'proxy.error/answer-too-large' : 'proxy.error/upstream-failed';
        this.send(res, 502, { 'content-type': 'application/json' }, errorBody(name, `the fault proxy could not get an answer from ${target.origin}: ${message}`));
        return;
      }
    }
    if ('cut' in answer) {
      this.sendCut(res, answer);
      return;
    }

    // The relayed addresses are written back, so the suite sees the addresses it sent.
    let response: ProxiedResponse = answer;
    if (direction === 'inbound' && this.relays.length > 0) response = this.unrelay(response);
    // The fault's own reply is final: the response hook sees only answers of the target.
    if (hooks?.response && !replied) {
      response = plainBody(response);
      response.json = parseJsonBody(response.headers, response.body);
      const before2 = response.json === undefined ? undefined : JSON.stringify(response.json);
      const replaced = await this.hook(`${direction}.response`, () => hooks.response!(response, request, state));
      if (replaced === null) return this.hookFailed(res);
      if (replaced) response = replaced;
      if (response.json !== undefined) {
        const after = JSON.stringify(response.json);
        if (after !== before2) response.body = Buffer.from(after, 'utf8');
      }
    }
    this.send(res, response.status, response.headers, response.body, headOnly);
  }

  /** Runs a hook; answers null (and records the problem) when it threw. */
  private async hook<T>(name: string, call: () => T | Promise<T>): Promise<T | null> {
    try {
      return await call();
    } catch (error) {
      this.problemList.push(`the ${name} hook of fault ${this.fault?.id ?? '?'} threw: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return null;
    }
  }

  private hookFailed(res: ServerResponse): void {
    this.send(res, 502, { 'content-type': 'application/json' }, errorBody('proxy.error/fault-hook', `a hook of fault ${this.fault?.id ?? '?'} threw (see the proxy's problems)`));
  }

  private relayAddress(original: string): string {
    let n = this.relayIds.get(original);
    if (n === undefined) {
      n = this.relays.length;
      this.relays.push(original);
      this.relayIds.set(original, n);
    }
    return `${this.url}${RELAY_PREFIX}${n}${original.endsWith('/') ? '/' : ''}`;
  }

  /** Writes relay addresses in an answer back to the addresses they stand for. */
  private unrelay(response: ProxiedResponse): ProxiedResponse {
    const plain = decoded(response.headers, response.body);
    if (plain === undefined) return response;
    const text = plain.toString('utf8');
    const prefix = `${this.url}${RELAY_PREFIX}`;
    if (!text.includes(prefix)) return response;
    const pattern = new RegExp(`${escapeRegExp(prefix)}(\\d+)(/?)`, 'g');
    const rewritten = text.replace(pattern, (whole: string, n: string, slash: string) => {
      const original = this.relays[Number(n)];
      if (original === undefined) return whole;
      // The relay address ends with "/" exactly when the original does; a "/" after it is kept.
      return original.replace(/\/+$/, '') + slash;
    });
    const headers = { ...response.headers };
    delete headers['content-encoding'];
    return { ...response, headers, body: Buffer.from(rewritten, 'utf8') };
  }

  /** Forwards one request; retries once when a kept-alive socket was closed under it. */
  private async forward(request: ProxiedRequest, target: URL, signal: AbortSignal): Promise<ProxiedResponse | CutAnswer> {
    try {
      return await this.forwardOnce(request, target, signal);
    } catch (error) {
      if (error instanceof StaleSocket && !signal.aborted) return this.forwardOnce(request, target, signal);
      throw error;
    }
  }

  private forwardOnce(request: ProxiedRequest, target: URL, signal: AbortSignal): Promise<ProxiedResponse | CutAnswer> {
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(request.headers)) {
      const lower = name.toLowerCase();
      if (HOP_BY_HOP.has(lower) || lower === 'host' || lower === 'content-length') continue;
      headers[lower] = value;
    }
    if (request.body.length > 0 || !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(request.method)) headers['content-length'] = String(request.body.length);
    const https = target.protocol === 'https:';
    const send = https ? httpsRequest : httpRequest;
    return new Promise((resolve, reject) => {
      let settled = false;
      const settle = (fn: () => void): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        fn();
      };
      const outgoing = send(target, { method: request.method, headers, agent: https ? this.httpsAgent : this.agent });
      const timer = setTimeout(() => {
        settle(() => reject(new Error(`no answer within ${this.timeoutMs} ms`)));
        outgoing.destroy();
      }, this.timeoutMs);
      const onAbort = (): void => {
        settle(() => reject(new Error('the caller went away')));
        outgoing.destroy();
      };
      signal.addEventListener('abort', onAbort, { once: true });
      outgoing.once('error', (error: NodeJS.ErrnoException) => {
        const stale = outgoing.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE');
        settle(() => reject(stale ? new StaleSocket(error.message) : error));
      });
      outgoing.once('response', (incoming: IncomingMessage) => {
        const status = incoming.statusCode ?? 502;
        const responseHeaders = flatHeaders(incoming.headers);
        const chunks: Buffer[] = [];
        let size = 0;
        incoming.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > this.maxBodyBytes) {
            settle(() => reject(new BodyTooLarge(`the answer is larger than ${this.maxBodyBytes} bytes`)));
            incoming.destroy();
            return;
          }
          chunks.push(chunk);
        });
        incoming.once('end', () => {
          if (incoming.complete) settle(() => resolve({ status, headers: responseHeaders, body: Buffer.concat(chunks) }));
          else settle(() => resolve({ cut: true, status, headers: responseHeaders, body: Buffer.concat(chunks) }));
        });
        incoming.once('aborted', () => settle(() => resolve({ cut: true, status, headers: responseHeaders, body: Buffer.concat(chunks) })));
        incoming.once('error', () => settle(() => resolve({ cut: true, status, headers: responseHeaders, body: Buffer.concat(chunks) })));
        incoming.once('close', () => {
          if (!incoming.complete) settle(() => resolve({ cut: true, status, headers: responseHeaders, body: Buffer.concat(chunks) }));
        });
      });
      outgoing.end(request.body);
    });
  }

  /** Answers with a body, its Content-Length set to its size (a HEAD answer keeps upstream's). */
  private send(res: ServerResponse, status: number, headers: Record<string, string>, body: Buffer, head = false): void {
    if (res.headersSent || res.destroyed) return;
    res.statusCode = status;
    for (const [name, value] of Object.entries(headers)) {
      const lower = name.toLowerCase();
      if (HOP_BY_HOP.has(lower) || (lower === 'content-length' && !head)) continue;
      res.setHeader(lower, value);
    }
    if (headers['connection']?.toLowerCase() === 'close') res.setHeader('connection', 'close');
    if (!head) res.setHeader('content-length', String(body.length));
    res.end(head ? undefined : body);
  }

  /** Passes on an answer that broke off: its headers, the bytes that came, then the connection closes. */
  private sendCut(res: ServerResponse, answer: CutAnswer): void {
    if (res.headersSent || res.destroyed) return void res.destroy();
    res.statusCode = answer.status;
    for (const [name, value] of Object.entries(answer.headers)) {
      const lower = name.toLowerCase();
      if (HOP_BY_HOP.has(lower)) continue;
      res.setHeader(lower, value);
    }
    res.flushHeaders();
    res.write(answer.body, () => res.destroy());
  }
}

class StaleSocket extends Error {}

/** Starts a proxy on host (default 127.0.0.1) and a free port in front of `upstream`. */
export async function startFaultProxy(options: FaultProxyOptions): Promise<FaultProxy> {
  const proxy = new Proxy(options);
  await proxy.listen(options.host ?? '127.0.0.1');
  return proxy;
}
