// HTTP plumbing of the mock app: the request body kept byte for byte (signatures are computed over
// it) and parsed as JSON, the record of every request, answers that bypass response validation,
// and the error handler that turns validator and parser errors into `{message}` answers.
import express from 'express';
import type { ErrorRequestHandler, NextFunction, Request, RequestHandler, Response } from 'express';

/** Largest request body accepted. */
export const MAX_REQUEST_BYTES = 16 * 1024 * 1024;

export interface RecordedRequest {
  method: string;
  /** Path without the query. */
  path: string;
  /** Query parameters (the last value of a repeated one). */
  query: Record<string, string>;
  headers: Record<string, string>;
  /** The parsed JSON body, the raw text when it is not JSON, undefined without a body. */
  body: unknown;
  /** Time received (ms since the epoch). */
  at: number;
}

const rawBodies = new WeakMap<Request, Buffer>();

/** The request body exactly as received (empty when there was none). */
export function rawBody(req: Request): Buffer {
  return rawBodies.get(req) ?? Buffer.alloc(0);
}

function isJson(req: Request): boolean {
  const type = req.headers['content-type'] ?? '';
  return /^application\/([a-z0-9.+-]*\+)?json\s*(;|$)/i.test(type);
}

/** Keeps the raw body and parses JSON bodies; a JSON body that does not parse is answered 400. */
export function bodyCapture(): RequestHandler[] {
  const raw = express.raw({ type: () => true, limit: MAX_REQUEST_BYTES });
  const parse: RequestHandler = (req, res, next) => {
    const body: unknown = req.body;
    if (!Buffer.isBuffer(body)) {
      req.body = undefined;
      next();
      return;
    }
    rawBodies.set(req, body);
    const text = body.toString('utf8');
    if (body.length === 0) {
      req.body = undefined;
    } else if (isJson(req)) {
      try {
        req.body = JSON.parse(text) as unknown;
      } catch (error) {
        sendUnchecked(res, 400, { message: `The request body is not valid JSON: ${(error as Error).message}` });
        return;
      }
    } else {
      req.body = text;
    }
    next();
  };
  return [raw, parse];
}

function flatHeaders(req: Request): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** Appends every request (after its body is read) to `list`. */
export function recorder(list: RecordedRequest[]): RequestHandler {
  return (req, _res, next) => {
    const url = new URL(req.originalUrl, 'http://mock.invalid');
    const raw = rawBody(req);
    const body: unknown = req.body === undefined && raw.length > 0 ? raw.toString('utf8') : req.body;
    list.push({
      method: req.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: flatHeaders(req),
      body: body === undefined ? undefined : structuredClone(body),
      at: Date.now(),
    });
    next();
  };
}

/** Sends a JSON value (or a text as it is) without response validation: for failures that break the contract on purpose. */
export function sendUnchecked(res: Response, status: number, body: unknown, contentType = 'application/json; charset=utf-8'): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.status(status).set('content-type', contentType).send(Buffer.from(text, 'utf8'));
}

interface HttpErrorShape {
  status?: number;
  statusCode?: number;
  message?: string;
  type?: string;
  errors?: { path?: string; message?: string }[];
}

/** Answers errors as `{message}`; an answer of the app that breaks the contract is a 500 naming the problem. */
export function errorHandler(log: (message: string) => void): ErrorRequestHandler {
  return (error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const shape = (typeof error === 'object' && error !== null ? error : { message: String(error) }) as HttpErrorShape;
    const status = shape.status ?? shape.statusCode ?? 500;
    const details = (shape.errors ?? []).map((e) => `${e.path ?? ''} ${e.message ?? ''}`.trim());
    const text = details.length > 0 ? details.join('; ') : (shape.message ?? 'unknown error');
    if (details.some((d) => d.startsWith('/response')) || (status >= 500 && shape.errors)) {
      const message = `mock app: the answer to ${req.method} ${req.path} breaks spec/app.openapi.yaml: ${text}`;
      log(message);
      sendUnchecked(res, 500, { message });
      return;
    }
    if (status >= 500) log(`mock app: ${req.method} ${req.path} failed: ${(error as Error).stack ?? text}`);
    sendUnchecked(res, status, { message: status === 413 ? `The request body is larger than ${MAX_REQUEST_BYTES} bytes.` : text });
  };
}
