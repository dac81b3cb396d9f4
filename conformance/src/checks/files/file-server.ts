/**
 * A file server for the `from-url` checks: an HTTP server on 127.0.0.1 (a free port) that answers
 * each path as it is told (content with or without a Content-Type, a status, a redirect, a body of
 * many bytes made on the fly, a body cut off mid-way, a body that trickles) and records every
 * request it gets (method, path, headers). Every answer is bounded: a trickle stops after its
 * bytes, and close() ends every open connection.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** How one path is answered. */
export type FileAnswer =
  /** 200 with these bytes; `contentType` null sends no Content-Type at all; `location` a Location header too (no redirect). */
  | { kind: 'content'; contentType: string | null; body: Uint8Array; location?: string }
  /** A status with a short text body, and a Location header when given. */
  | { kind: 'status'; status: number; location?: string }
  /** A redirect (302 unless given) to `location`, as given (relative or absolute). */
  | { kind: 'redirect'; location: string; status?: number }
  /** 200 with `size` zero bytes, sent in chunks (a body larger than any check would hold). */
  | { kind: 'large'; size: number }
  /** 200 announcing `announced` bytes, of which `sent` are sent before the connection is destroyed. */
  | { kind: 'broken'; announced: number; sent: number }
  /** 200 announcing `bytes` bytes, one sent every `everyMs` (a body slower than the time-out). */
  | { kind: 'trickle'; bytes: number; everyMs: number };

export interface ServedRequest {
  method: string;
  /** Path and query. */
  path: string;
  /** Lower-case header names. */
  headers: Record<string, string>;
}

const CHUNK = 64 * 1024;

export class FileServer {
  readonly requests: ServedRequest[] = [];
  private readonly answers = new Map<string, FileAnswer>();
  private readonly sockets = new Set<Socket>();
  private readonly timers = new Set<NodeJS.Timeout>();

  private constructor(
    private readonly server: Server,
    readonly baseUrl: string,
  ) {}

  static async start(): Promise<FileServer> {
    let self: FileServer | undefined;
    const server = createServer((req, res) => {
      req.resume();
      const path = req.url ?? '/';
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
      self?.requests.push({ method: req.method ?? '', path, headers });
      self?.answer(path, res);
    });
    server.on('connection', (socket) => {
      self?.sockets.add(socket);
      socket.on('close', () => self?.sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    self = new FileServer(server, `http://127.0.0.1:${port}`);
    return self;
  }

  url(path: string): string {
    return `${this.baseUrl}${path}`;
  }

  /** Answer `path` (path and query, as requested) this way. */
  set(path: string, answer: FileAnswer): void {
    this.answers.set(path, answer);
  }

  /** Requests received on a path. */
  on(path: string): ServedRequest[] {
    return this.requests.filter((r) => r.path === path);
  }

  async close(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private answer(path: string, res: ServerResponse): void {
    const answer = this.answers.get(path);
    if (answer === undefined) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not served here');
      return;
    }
    switch (answer.kind) {
      case 'content': {
        const headers: Record<string, string | number> = { 'content-length': answer.body.length };
        if (answer.contentType !== null) headers['content-type'] = answer.contentType;
        if (answer.location !== undefined) headers['location'] = answer.location;
        res.writeHead(200, headers).end(answer.body);
        return;
      }
      case 'status':
        res.writeHead(answer.status, { 'content-type': 'text/plain', ...(answer.location === undefined ? {} : { location: answer.location }) }).end(`status ${answer.status}`);
        return;
      case 'redirect':
        res.writeHead(answer.status ?? 302, { location: answer.location, 'content-type': 'text/plain' }).end('moved');
        return;
      case 'large': {
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': answer.size });
        const chunk = Buffer.alloc(CHUNK);
        let left = answer.size;
        const pump = (): void => {
          while (left > 0 && !res.destroyed) {
            const n = Math.min(CHUNK, left);
            left -= n;
            if (!res.write(n === CHUNK ? chunk : chunk.subarray(0, n))) {
              res.once('drain', pump);
              return;
            }
          }
          res.end();
        };
        res.on('close', () => (left = 0));
        pump();
        return;
      }
      case 'broken':
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': answer.announced });
        res.write(Buffer.alloc(answer.sent), () => res.destroy());
        return;
      case 'trickle': {
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': answer.bytes });
        let sent = 0;
        const timer = setInterval(() => {
          if (res.destroyed || sent >= answer.bytes) {
            clearInterval(timer);
            this.timers.delete(timer);
            if (!res.destroyed) res.end();
            return;
          }
          sent += 1;
          res.write(Buffer.alloc(1));
        }, answer.everyMs);
        this.timers.add(timer);
        res.on('close', () => {
          clearInterval(timer);
          this.timers.delete(timer);
        });
        return;
      }
    }
  }
}
