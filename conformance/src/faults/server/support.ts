/**
 * What the server faults share: recognising the exchanges they change (a command of the command
 * API, a document read, a GraphQL request, a webhook delivery, a call to the integration app) and
 * building the answers they put in place of the server's.
 */
import { PATHS } from '../../checks/app/session.js';
import { isRecord, type JsonRecord } from '../../shapes.js';
import { pathOf, type ProxiedRequest, type ProxiedResponse } from '../fault.js';

export { isRecord, pathOf, type JsonRecord };

/** The query parameters of a request. */
export function paramsOf(req: ProxiedRequest): URLSearchParams {
  const q = req.path.indexOf('?');
  return new URLSearchParams(q === -1 ? '' : req.path.slice(q + 1));
}

/** Replaces (or removes, when value is undefined) one query parameter of a request. */
export function setParam(req: ProxiedRequest, name: string, value: string | undefined): void {
  const params = paramsOf(req);
  if (value === undefined) params.delete(name);
  else params.set(name, value);
  const query = params.toString();
  req.path = `${pathOf(req)}${query === '' ? '' : `?${query}`}`;
}

/** A POST to the command API. */
export function isCommandApi(req: ProxiedRequest): boolean {
  return req.method === 'POST' && pathOf(req) === '/api/commands';
}

/** The single command object a command API request carries (not an array), when it is `name` (or any name). */
export function commandOf(req: ProxiedRequest, name?: string): JsonRecord | undefined {
  if (!isCommandApi(req) || !isRecord(req.json)) return undefined;
  if (name !== undefined && req.json['command'] !== name) return undefined;
  return req.json;
}

/** The `args` of a single command of this name. */
export function argsOf(req: ProxiedRequest, name: string): JsonRecord | undefined {
  const command = commandOf(req, name);
  return command && isRecord(command['args']) ? command['args'] : undefined;
}

/** The query object of a single top-level `svc.entity/query`. */
export function queryOf(req: ProxiedRequest): JsonRecord | undefined {
  const args = argsOf(req, 'svc.entity/query');
  return args && isRecord(args['query']) ? args['query'] : undefined;
}

/** Every command object of a request: the single one, the elements of an array, and the inner commands of batches. */
export function allCommands(req: ProxiedRequest): JsonRecord[] {
  if (!isCommandApi(req)) return [];
  const out: JsonRecord[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach(visit);
      return;
    }
    if (!isRecord(value)) return;
    out.push(value);
    const args = value['args'];
    if (value['command'] === 'svc.command/batch' && isRecord(args) && Array.isArray(args['commands'])) args['commands'].forEach(visit);
  };
  visit(req.json);
  return out;
}

/** The successful `{success: true, result}` envelope of an answer, when it is one. */
export function successOf(res: ProxiedResponse): JsonRecord | undefined {
  return res.status === 200 && isRecord(res.json) && res.json['success'] === true ? res.json : undefined;
}

/** A JSON answer (content type and length set by the proxy from the body). */
export function jsonAnswer(status: number, body: unknown, headers: Record<string, string> = {}): ProxiedResponse {
  const text = JSON.stringify(body);
  return { status, headers: { ...headers, 'content-type': 'application/json; charset=utf-8' }, body: Buffer.from(text, 'utf8'), json: body };
}

/** Walks a JSON value depth first, calling `visit` on every object and array (children first). */
export function walk(value: unknown, visit: (node: JsonRecord | unknown[]) => void): void {
  if (Array.isArray(value)) {
    for (const item of value) walk(item, visit);
    visit(value);
  } else if (isRecord(value)) {
    for (const item of Object.values(value)) walk(item, visit);
    visit(value);
  }
}

// ------------------------------------------------------------------ documents

/** A single-document read or write (`/api/documents/<secret>`). */
export function isDocument(req: ProxiedRequest, method: string): boolean {
  return req.method === method && /^\/api\/documents\/[^/]+$/.test(pathOf(req)) && pathOf(req) !== '/api/documents/commands';
}

/** `POST /api/documents/commands` with this command name. */
export function documentCommandOf(req: ProxiedRequest, name: string): JsonRecord | undefined {
  if (req.method !== 'POST' || pathOf(req) !== '/api/documents/commands' || !isRecord(req.json) || req.json['command'] !== name) return undefined;
  return req.json;
}

// ------------------------------------------------------------------ GraphQL

/** A POST to a Space's GraphQL endpoint with a `{query}` body. */
export function graphqlQueryOf(req: ProxiedRequest): string | undefined {
  if (req.method !== 'POST' || !/^\/api\/graphql\/space\/[^/]+$/.test(pathOf(req)) || !isRecord(req.json)) return undefined;
  const query = req.json['query'];
  return typeof query === 'string' ? query : undefined;
}

/** Removes every literal `<name>: <int>` argument from a GraphQL document (and argument lists left empty). */
export function withoutArgument(query: string, name: string): string {
  return query
    .replace(new RegExp(`\\b${name}\\s*:\\s*-?\\d+\\s*,?\\s*`, 'g'), '')
    .replace(/,\s*\)/g, ')')
    .replace(/\(\s*\)/g, '');
}

// ------------------------------------------------------------------ outbound

/** A webhook delivery as the server sends it (outbound): a POST with a webhook-id and a JSON body. */
export function isDelivery(req: ProxiedRequest): boolean {
  return req.method === 'POST' && typeof req.headers['webhook-id'] === 'string' && isRecord(req.json);
}

/** The effects of a delivery body. */
export function effectsOf(req: ProxiedRequest): JsonRecord[] {
  if (!isRecord(req.json) || !Array.isArray(req.json['effects'])) return [];
  return req.json['effects'].filter(isRecord);
}

/** A call of the server to the integration app (outbound) on this app path (spec/app.openapi.yaml). */
export function isAppCall(req: ProxiedRequest, path: string): boolean {
  return pathOf(req) === path;
}

export const APP_DATA = PATHS.data;
export const APP_ACTION = PATHS.actionExecute;

/** Sends a copy of a request to where it was going (outbound faults that duplicate or re-order calls). */
/** Request headers without the hop-by-hop ones, for sending a request again. */
export function endToEndHeaders(headers: Record<string, string>): Record<string, string> {
  const copy: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!['host', 'content-length', 'connection', 'transfer-encoding', 'keep-alive'].includes(name)) copy[name] = value;
  }
  return copy;
}

export async function sendCopy(req: ProxiedRequest, headers: Record<string, string> = req.headers): Promise<number> {
  if (req.url === undefined) throw new Error('the proxied request has no url to send a copy to');
  const copy = endToEndHeaders(headers);
  const res = await fetch(req.url, { method: req.method, headers: copy, body: new Uint8Array(req.body), signal: AbortSignal.timeout(10_000) });
  await res.arrayBuffer();
  return res.status;
}
