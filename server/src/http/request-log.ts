// The optional request log (SVC_LOG=requests, or `--log-requests`): one line per answered
// request, `METHOD path status time ms`. The line never holds a secret: no header is logged (the
// Authorization header least of all), the secrets of paths are masked (`/api/files/<secret>`,
// `/api/documents/<secret>`, `/files/<ref>`, the account id of `/api/integrations/events/<id>`,
// which is all an external system needs to post events), and so is every query value but those
// of a few harmless parameters (an OAuth callback's `code` and `state`, a file URL's `signature`).
import type { NextFunction, Request, Response } from 'express';

export const MASK = '***';

/** Path prefixes whose next segment is a secret, with the segments after them that are routes, not secrets. */
const SECRET_SEGMENTS: ReadonlyArray<{ prefix: string; routes: ReadonlySet<string> }> = [
  { prefix: '/api/files/', routes: new Set(['from-url']) },
  { prefix: '/api/documents/', routes: new Set(['commands']) },
  { prefix: '/files/', routes: new Set() },
  { prefix: '/api/integrations/events/', routes: new Set() },
];

/** Query parameters whose values are shown; every other value is masked. */
const SHOWN_PARAMETERS: ReadonlySet<string> = new Set(['format', 'limit', 'offset', 'expires', 'type', 'kind']);

/** The path and query of a request as a log may show them: secrets of the path and query masked. */
export function maskedUrl(url: string): string {
  const hash = url.indexOf('#');
  const withoutHash = hash < 0 ? url : url.slice(0, hash);
  const q = withoutHash.indexOf('?');
  const path = q < 0 ? withoutHash : withoutHash.slice(0, q);
  const query = q < 0 ? undefined : withoutHash.slice(q + 1);
  return maskedPath(path) + (query === undefined ? '' : `?${maskedQuery(query)}`);
}

function maskedPath(path: string): string {
  // Case and doubled slashes do not hide a secret: routes are matched case-insensitively by express.
  const lower = path.toLowerCase().replace(/\/{2,}/g, '/');
  for (const { prefix, routes } of SECRET_SEGMENTS) {
    if (!lower.startsWith(prefix)) continue;
    const rest = lower.slice(prefix.length);
    const slash = rest.indexOf('/');
    const segment = slash < 0 ? rest : rest.slice(0, slash);
    if (segment === '' || routes.has(decodeSafely(segment))) return path;
    return `${prefix}${MASK}${slash < 0 ? '' : path.replace(/\/{2,}/g, '/').slice(prefix.length + slash)}`;
  }
  return path;
}

function maskedQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      if (eq < 0) return name.length > 64 ? MASK : name;
      return SHOWN_PARAMETERS.has(decodeSafely(name).toLowerCase()) ? pair : `${name.length > 64 ? MASK : name}=${MASK}`;
    })
    .join('&');
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** One line of the request log. */
export function requestLine(method: string, url: string, status: number, ms: number): string {
  return `${method} ${maskedUrl(url)} ${status} ${ms.toFixed(1)} ms`;
}

/** Middleware that writes one line per request once it is answered (or its connection closed). */
export function requestLog(write: (line: string) => void) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    let written = false;
    const done = (): void => {
      if (written) return;
      written = true;
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      write(requestLine(req.method, req.originalUrl, res.writableFinished ? res.statusCode : 499, ms));
    };
    res.once('finish', done);
    res.once('close', done);
    next();
  };
}
