/**
 * What the app faults share: recognising an exchange of the app contract (method and path, the
 * query string left out), reading the JSON bodies the proxy parsed, and replacing an answer
 * (status, JSON or text body) as a broken app would send it.
 */
import { PATHS } from '../../checks/app/session.js';
import { isRecord, type JsonRecord } from '../../shapes.js';
import { pathOf, type ProxiedRequest, type ProxiedResponse } from '../fault.js';

/** The app paths of spec/app.openapi.yaml (the app checks' list). */
export const APP_PATHS = PATHS;

export { pathOf };

/** Is `req` a `method` request of `path` (query string ignored)? */
export function isCall(req: ProxiedRequest, method: string, path: string): boolean {
  return req.method.toUpperCase() === method && pathOf(req) === path;
}

/** The request body when it is a JSON object, else an empty object (nothing to read). */
export function requestBody(req: ProxiedRequest): JsonRecord {
  return isRecord(req.json) ? req.json : {};
}

/** The answer body when it is a JSON object, else undefined. */
export function jsonObject(res: ProxiedResponse): JsonRecord | undefined {
  return isRecord(res.json) ? res.json : undefined;
}

/** The JSON objects of an array (other items are left out). */
export function records(value: unknown): JsonRecord[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

/** Replaces the answer with `status` and a JSON body. */
export function answerJson(res: ProxiedResponse, status: number, json: unknown): void {
  const body = Buffer.from(JSON.stringify(json), 'utf8');
  res.status = status;
  res.json = json;
  res.body = body;
  res.headers['content-type'] = 'application/json; charset=utf-8';
  res.headers['content-length'] = String(body.length);
}

/** Replaces the answer with `status` and a text body of `contentType` (no JSON). */
export function answerText(res: ProxiedResponse, status: number, contentType: string, text: string): void {
  const body = Buffer.from(text, 'utf8');
  res.status = status;
  delete res.json;
  res.body = body;
  res.headers['content-type'] = contentType;
  res.headers['content-length'] = String(body.length);
}

/** The field of type `id` among `fields` (a type's schema as the data request carries it), else `id`. */
export function keyFieldOf(fields: unknown): string {
  if (!isRecord(fields)) return 'id';
  const key = Object.entries(fields).find(([, field]) => isRecord(field) && field['type'] === 'id');
  return key ? key[0] : 'id';
}

/** The schema of the requested type in a data request (`schema[requestedType]`), or undefined. */
export function requestedTypeSchema(req: ProxiedRequest): JsonRecord | undefined {
  const body = requestBody(req);
  const schema = body['schema'];
  const type = body['requestedType'];
  if (!isRecord(schema) || typeof type !== 'string') return undefined;
  const fields = schema[type];
  return isRecord(fields) ? fields : undefined;
}

/** Is `req` a data request of a full read (no `lastSynchronizedAt`)? */
export function isFullRead(req: ProxiedRequest): boolean {
  return isCall(req, 'POST', APP_PATHS.data) && requestBody(req)['lastSynchronizedAt'] === undefined;
}

/** The object of fields of each type in a schema answer (types whose value is no object are left out). */
export function schemaTypes(res: ProxiedResponse): Array<[string, JsonRecord]> {
  const body = jsonObject(res);
  if (!body) return [];
  return Object.entries(body).filter((entry): entry is [string, JsonRecord] => isRecord(entry[1]));
}

/** The first field of a schema answer, over every type, that `pick` accepts (with its type and id). */
export function findField(res: ProxiedResponse, pick: (field: JsonRecord, id: string) => boolean): { type: string; id: string; field: JsonRecord } | undefined {
  for (const [type, fields] of schemaTypes(res)) {
    for (const [id, field] of Object.entries(fields)) if (isRecord(field) && pick(field, id)) return { type, id, field };
  }
  return undefined;
}

/** The options of the first workflow field of a schema answer that lists options, or undefined. */
export function workflowOptions(res: ProxiedResponse): JsonRecord[] | undefined {
  const found = findField(res, (f) => f['subType'] === 'workflow' && Array.isArray(f['options']) && f['options'].length > 0);
  return found ? records(found.field['options']) : undefined;
}

/**
 * Moves the redirect_uri of an OAuth authorize answer (`/oauth1/v1/authorize`,
 * `/oauth2/v1/authorize`) onto the address the suite called (the proxy), keeping its path and
 * query. The mock app serves the external system's authorization pages on its own host; moved,
 * they are reached through the proxy, so that the checks that follow them (app.oauth1-state,
 * app.oauth-access-token) can run through it. Not a fault by itself: the pages answer the same.
 */
export function movePagesOntoProxy(res: ProxiedResponse, req: ProxiedRequest): void {
  const body = jsonObject(res);
  const host = req.headers['host'];
  const authorize = isCall(req, 'POST', APP_PATHS.oauth1Authorize) || isCall(req, 'POST', APP_PATHS.oauth2Authorize);
  if (!authorize || !body || typeof body['redirect_uri'] !== 'string' || host === undefined) return;
  try {
    const url = new URL(body['redirect_uri']);
    url.host = host;
    body['redirect_uri'] = url.href;
  } catch {
    // not an address: left as it is (the authorize checks report it)
  }
}
