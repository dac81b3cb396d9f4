/**
 * GraphQL over HTTP for the graphql checks: the endpoint of a Space (spaces in its name written as
 * underscores), and assertions on GraphQL responses.
 */
import { describeRequest, expectJson, expectStatus, fail } from '../../../assert.js';
import type { CheckContext } from '../../../check.js';
import type { HttpResponse } from '../../../http.js';
import { isRecord, type JsonRecord } from '../../../shapes.js';

/** `/api/graphql/space/<space>`, every space of the name written `_`. */
export function graphqlPath(space: string): string {
  return `/api/graphql/space/${encodeURIComponent(space.replace(/ /g, '_'))}`;
}

export interface GraphqlBody {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}

/**
 * The Accept header of the checks' GraphQL requests: a modern GraphQL over HTTP client's, which
 * prefers `application/graphql-response+json` and takes `application/json` from a server that
 * answers only that.
 */
export const GRAPHQL_ACCEPT = 'application/graphql-response+json, application/json;q=0.9';

export function postGraphql(ctx: CheckContext, space: string, body: GraphqlBody): Promise<HttpResponse> {
  return ctx.http.post(graphqlPath(space), body, { headers: { Accept: GRAPHQL_ACCEPT } });
}

/** Whether an answer's Content-Type is `application/graphql-response+json`. */
export function isGraphqlResponseMediaType(res: HttpResponse): boolean {
  return /^application\/graphql-response\+json\b/i.test((res.headers['content-type'] ?? '').trim());
}

/**
 * The status of a request error (a document that does not parse or validate, variables that do
 * not coerce, a limit), as GraphQL over HTTP gives it: 400 when answered as
 * `application/graphql-response+json` (without `data`, a 2xx is not allowed there); 400 or 200
 * when answered as `application/json`, the legacy media type, where 200 is what the spec prefers.
 */
export function expectRequestErrorStatus(res: HttpResponse, what: string): void {
  if (isGraphqlResponseMediaType(res)) {
    expectStatus(res, 400, `${what} (answered as application/graphql-response+json)`);
    return;
  }
  if (res.status !== 200 && res.status !== 400) fail(`${what}: a GraphQL request error answered as application/json has status 400 or 200 (GraphQL over HTTP), got ${res.status}`, res);
}

export type Rows = JsonRecord[];

/** Status 200, JSON, `data` an object and no `errors`; answers `data`. */
export function expectData(res: HttpResponse, what: string): JsonRecord {
  expectStatus(res, 200, what);
  const body = expectJson(res, what);
  if (!isRecord(body)) fail(`${what}: the body of ${describeRequest(res)} is not a JSON object`, res);
  if (body['errors'] !== undefined) fail(`${what}: the response has errors: ${JSON.stringify(body['errors']).slice(0, 400)}`, res);
  if (!isRecord(body['data'])) fail(`${what}: the response has no data object`, res);
  return body['data'];
}

/** `data[key]` must be an array of objects. */
export function rowsOf(res: HttpResponse, data: JsonRecord, key: string, what: string): Rows {
  const rows = data[key];
  if (!Array.isArray(rows) || !rows.every(isRecord)) fail(`${what}: data.${key} is not a list of objects: ${JSON.stringify(rows)?.slice(0, 300)}`, res);
  return rows;
}

export async function queryRows(ctx: CheckContext, space: string, query: string, key: string, what: string, variables?: Record<string, unknown>): Promise<Rows> {
  const res = await postGraphql(ctx, space, { query, ...(variables ? { variables } : {}) });
  return rowsOf(res, expectData(res, what), key, what);
}

/** A JSON body with a non-empty `errors` array of objects with a string `message`; answers it. */
export function expectErrors(res: HttpResponse, what: string): Array<{ message: string; extensions?: JsonRecord }> {
  const body = expectJson(res, what);
  const errors = isRecord(body) ? body['errors'] : undefined;
  if (!Array.isArray(errors) || errors.length === 0) fail(`${what}: expected a non-empty "errors" array (GraphQL over HTTP), got ${JSON.stringify(body)?.slice(0, 300)}`, res);
  for (const error of errors) {
    if (!isRecord(error) || typeof error['message'] !== 'string' || error['message'] === '') fail(`${what}: every error needs a message: ${JSON.stringify(error)?.slice(0, 200)}`, res);
  }
  return errors as Array<{ message: string; extensions?: JsonRecord }>;
}

/** The ids of rows, in order. */
export function ids(rows: Rows): string[] {
  return rows.map((r) => String(r['id']));
}

/**
 * A GraphQL request error (spec/CONVENTIONS.md, "Features beyond the contract"): a 4xx (or 200)
 * JSON answer with a non-empty `errors` array and no `data`, the way a server that lacks a GraphQL
 * feature (introspection, variables, operationName) refuses a request that uses it.
 */
export function isGraphqlRefusal(res: HttpResponse): boolean {
  if (res.status !== 200 && (res.status < 400 || res.status >= 500)) return false;
  const body = res.json;
  if (!isRecord(body)) return false;
  const errors = body['errors'];
  return Array.isArray(errors) && errors.length > 0 && (body['data'] === undefined || body['data'] === null);
}

/** The first error message of a GraphQL answer, for notes. */
export function firstErrorMessage(res: HttpResponse): string {
  const body = res.json;
  const errors = isRecord(body) ? body['errors'] : undefined;
  const first: unknown = Array.isArray(errors) ? errors[0] : undefined;
  const message = isRecord(first) ? first['message'] : undefined;
  return `${res.status}${typeof message === 'string' ? ` "${message.slice(0, 160)}"` : ''}`;
}
