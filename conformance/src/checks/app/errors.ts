/**
 * Error answers of an app: a status and the body `{message}` (some apps send `{error}`, which
 * the service reads too: spec/app.openapi.yaml ErrorMessage).
 */
import { describeRequest, expectJson, fail } from '../../assert.js';
import type { HttpResponse } from '../../http.js';
import { isRecord } from '../../shapes.js';
import { expectContract } from './contract.js';

/** The body is an ErrorMessage with a non-empty text; answers the text. */
export function expectErrorBody(res: HttpResponse, what: string): string {
  const body = expectJson(res, what);
  expectContract(res, 'ErrorMessage', body, what);
  const record = isRecord(body) ? body : {};
  const text = typeof record['message'] === 'string' && record['message'] !== '' ? record['message'] : record['error'];
  if (typeof text !== 'string' || text.trim() === '') fail(`${what}: the error body of ${describeRequest(res)} has an empty "message"`, res);
  return text;
}

/** The status is an error status (4xx or 5xx). */
export function expectErrorStatus(res: HttpResponse, what: string): void {
  if (res.status < 400 || res.status > 599) fail(`${what}: expected an error status (4xx or 5xx) from ${describeRequest(res)}, got ${res.status}`, res);
}
