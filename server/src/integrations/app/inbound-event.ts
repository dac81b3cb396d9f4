// An external system's event as the service receives it and passes it on to the app's
// `pre-process` unchanged (EVT-002, APP-043): the body's bytes, read up to a limit (any content
// type, any encoding, never decoded), and the headers without hop-by-hop ones, `host`,
// `content-length` (the forwarding request sets its own) and `accept-encoding` (the server reads
// the app's answer, so it must come uncompressed).
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { Failure } from '../../api/failure.js';

/** Largest event body accepted (spec: receiveIntegrationEvent). */
export const EVENT_BODY_LIMIT_BYTES = 1024 * 1024;

const NOT_FORWARDED = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'expect',
  'host',
  'content-length',
  // The app's answer is read here, not by the caller: it must not come compressed.
  'accept-encoding',
]);

function tooLarge(limit: number): Failure {
  return new Failure('request.error/body-too-large', `The body is larger than the limit of ${limit} bytes.`, { limit }, 413);
}

/** Reads the body's bytes as they came; more than `limit` bytes is 413 `request.error/body-too-large`. */
export function readBody(req: IncomingMessage, limit = EVENT_BODY_LIMIT_BYTES): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      req.resume();
      reject(tooLarge(limit));
      return;
    }
    const chunks: Buffer[] = [];
    let received = 0;
    let done = false;
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) {
        done = true;
        req.off('data', onData);
        req.resume();
        reject(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.on('end', () => {
      if (!done) resolve(Buffer.concat(chunks, received));
    });
    req.on('error', (error) => {
      if (!done) reject(error);
    });
  });
}

/**
 * The headers to pass on, lower-case, repeated ones joined with `, `: all but the hop-by-hop ones
 * (and those the `Connection` header names), `host` and `content-length`.
 */
export function forwardedHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const named = String(headers['connection'] ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter((h) => h !== '');
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const key = name.toLowerCase();
    if (value === undefined || NOT_FORWARDED.has(key) || named.includes(key)) continue;
    out[key] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** The event body for `transform`: its JSON when it is JSON, else its text. */
export function eventPayload(body: Buffer): unknown {
  const text = body.toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
