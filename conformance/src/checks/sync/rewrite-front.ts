/**
 * A front for the mock app that passes every request on and rewrites some answers on their way
 * back (a JSON body changed by a function), standing where an app that words its answers
 * differently would. Like cut-front.ts it is a real server, so it works against a server under
 * test in another process.
 */
import { createServer } from 'node:http';
import { forward, listenFront } from './cut-front.js';
import type { Front } from './integration.js';

/** Answers the new JSON body of a POST answer to `path`, or undefined to pass it unchanged. */
export type JsonRewrite = (path: string, status: number, body: unknown) => unknown;

/** Starts the front on 127.0.0.1 before `target`; JSON answers to POST requests go through `rewrite`. */
export async function startRewriteFront(target: string, rewrite: JsonRewrite): Promise<Front> {
  const server = createServer((req, res) => {
    forward(target, req, res, (method, path, status, bytes) => {
      if (method !== 'POST') return bytes;
      let body: unknown;
      try {
        body = JSON.parse(bytes.toString('utf8')) as unknown;
      } catch {
        return bytes;
      }
      const changed = rewrite(path, status, body);
      return changed === undefined ? bytes : Buffer.from(JSON.stringify(changed), 'utf8');
    }).catch(() => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end('{"message":"the conformance front could not reach the mock app"}');
    });
  });
  return listenFront(server);
}
