/**
 * A front for the mock app that answers the data requests of chosen types from a script: the
 * pages of the next run, each with its rows and its `synchronizationType`, chained by
 * `nextPageConfig` `{page: <n>}`. Every other request goes to the mock app (information,
 * validation, schema, config). It lets a check put any row at any place of any page: the first
 * and the last row of a page, an empty page between others, the same key on several pages, a
 * REMOVE of a key the server never saw. Like cut-front.ts it is a real server, so it works
 * against a server under test in another process.
 */
import { createServer, type IncomingMessage } from 'node:http';
import { forward, listenFront } from './cut-front.js';
import type { Front } from './integration.js';
import { APP_PATHS, type AppDataRow } from './mock.js';

export interface ScriptedPage {
  items: AppDataRow[];
  /** Absent: the answer has no `synchronizationType` (which means full). */
  synchronizationType?: 'full' | 'delta';
  /** `false`, on the last page only: the answer has no `pagination` at all (optional in DataResponse: no next page). */
  pagination?: false;
}

/** One data request the front answered: the type, the page asked (0 without pagination), the pagination as sent. */
export interface ScriptedRequest {
  type: string;
  page: number;
  pagination: unknown;
}

export interface ScriptFront extends Front {
  /** The pages every later run gets for `type`, in order (replaces the earlier script of that type). */
  script(type: string, pages: ScriptedPage[]): void;
  /** The data requests answered from the script so far, in order. */
  readonly requests: readonly ScriptedRequest[];
}

const MAX_BODY_BYTES = 1024 * 1024;

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error('data request body too large');
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The page a request's `pagination` points at: 0 without one, else its `page`; undefined for one this front never gave. */
function pageOf(pagination: unknown): number | undefined {
  if (pagination === undefined || pagination === null) return 0;
  const page = isObject(pagination) ? pagination['page'] : undefined;
  return typeof page === 'number' && Number.isInteger(page) && page > 0 ? page : undefined;
}

/** Starts the front on 127.0.0.1 before the mock app at `target`; data requests of scripted types are answered from the script. */
export async function startScriptFront(target: string): Promise<ScriptFront> {
  const scripts = new Map<string, ScriptedPage[]>();
  const requests: ScriptedRequest[] = [];
  const send = (res: import('node:http').ServerResponse, status: number, body: unknown) => {
    const bytes = Buffer.from(JSON.stringify(body), 'utf8');
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': String(bytes.length) });
    res.end(bytes);
  };
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const fromScript = async (): Promise<boolean> => {
      if (req.method !== 'POST' || path !== APP_PATHS.data) return false;
      const body = await readJson(req);
      const type = isObject(body) && typeof body['requestedType'] === 'string' ? body['requestedType'] : '';
      const pages = scripts.get(type);
      if (!pages) {
        send(res, 400, { message: `the conformance script front has no pages for type ${JSON.stringify(type)}` });
        return true;
      }
      const pagination = isObject(body) ? body['pagination'] : undefined;
      const page = pageOf(pagination);
      const answer = page === undefined ? undefined : pages[page];
      if (page === undefined || answer === undefined) {
        send(res, 400, { message: `pagination must be a nextPageConfig this app gave ({page: 1..${pages.length - 1}}), got ${JSON.stringify(pagination)}` });
        return true;
      }
      requests.push({ type, page, pagination });
      const hasNext = page < pages.length - 1;
      send(res, 200, {
        items: structuredClone(answer.items),
        ...(answer.pagination === false && !hasNext ? {} : { pagination: hasNext ? { hasNext: true, nextPageConfig: { page: page + 1 } } : { hasNext: false } }),
        ...(answer.synchronizationType === undefined ? {} : { synchronizationType: answer.synchronizationType }),
      });
      return true;
    };
    const scripted = req.method === 'POST' && path === APP_PATHS.data;
    (scripted ? fromScript().then(() => undefined) : forward(target, req, res)).catch(() => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end('{"message":"the conformance front could not answer"}');
    });
  });
  const front = await listenFront(server);
  return {
    ...front,
    script: (type, pages) => {
      if (pages.length === 0) throw new Error('a script needs at least one page');
      if (pages.slice(0, -1).some((p) => p.pagination === false)) throw new Error('only the last page of a script may answer without pagination');
      scripts.set(type, structuredClone(pages));
    },
    requests,
  };
}
