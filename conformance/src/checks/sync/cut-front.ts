/**
 * A front for the mock app that cuts one kind of answer in the middle: requests to `cutPath` get
 * 200 with a Content-Length larger than what is sent, then the connection is closed; every other
 * request is passed to the app and its answer back (bounded in time and size). It stands where a
 * misbehaving network or app would, so it works against a server in another process too (an
 * in-process interceptor such as msw or nock could not reach it).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Front } from './integration.js';

const FORWARD_TIMEOUT_MS = 30_000;
const MAX_BODY_BYTES = 16 * 1024 * 1024;

export interface CutFront extends Front {
  /** Answers cut so far. */
  cuts(): number;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error('request body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Rewrites the body of an answer on its way back (rewrite-front.ts); answers the bytes to send. */
export type AnswerRewrite = (method: string, path: string, status: number, body: Buffer) => Buffer;

/** Passes one request to `target` and its answer back (through `rewrite` when given). */
export async function forward(target: string, req: IncomingMessage, res: ServerResponse, rewrite?: AnswerRewrite): Promise<void> {
  const body = await readBody(req);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || ['host', 'connection', 'content-length', 'transfer-encoding'].includes(name)) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  const answer = await fetch(`${target}${req.url ?? '/'}`, {
    method: req.method ?? 'GET',
    headers,
    ...(body.length > 0 ? { body: new Uint8Array(body) } : {}),
    redirect: 'manual',
    signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
  });
  const received = Buffer.from(await answer.arrayBuffer());
  const bytes = rewrite ? rewrite(req.method ?? 'GET', (req.url ?? '/').split('?')[0] ?? '/', answer.status, received) : received;
  const out: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    if (!['content-length', 'transfer-encoding', 'connection', 'content-encoding'].includes(name)) out[name] = value;
  });
  res.writeHead(answer.status, { ...out, 'content-length': String(bytes.length) });
  res.end(bytes);
}

/** Starts the front on 127.0.0.1; answers to POST `cutPath` are cut after `partial`. */
export async function startCutFront(target: string, cutPath: string, partial = '{"items": [{"id": "t1", "name": "Thi'): Promise<CutFront> {
  let cuts = 0;
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'POST' && path === cutPath) {
      cuts += 1;
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(partial.length * 10) });
      res.write(partial, () => res.socket?.destroy());
      return;
    }
    forward(target, req, res).catch(() => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end('{"message":"the conformance front could not reach the mock app"}');
    });
  });
  return { ...(await listenFront(server)), cuts: () => cuts };
}

/** Listens on 127.0.0.1 and a free port; `close` also ends the connections still open. */
export async function listenFront(server: Server): Promise<Front> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
