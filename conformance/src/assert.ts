/**
 * Assertions over HTTP responses. Each one throws a CheckFailure whose message
 * says what was expected and what came back, with the curl line of the exchange.
 */
import { CheckFailure, type FailureDetails } from './check.js';
import { toCurl } from './curl.js';
import { dataProblems } from './error-data.js';
import type { HttpResponse } from './http.js';
import { unsupported, unsupportedFeature } from './support.js';
import {
  commandErrorProblems,
  envelopeProblems,
  excerpt,
  isJsonContentType,
  isRecord,
  plainErrorProblems,
  type JsonRecord,
} from './shapes.js';

/** `POST /api/commands`: the method and path of the request, for messages. */
export function describeRequest(res: HttpResponse): string {
  const path = res.request.url.replace(/^https?:\/\/[^/]+/, '');
  return `${res.request.method} ${path}`;
}

export function fail(message: string, res?: HttpResponse, details: FailureDetails = {}): never {
  const withBody = res ? `${message}\n  got ${res.status}: ${excerpt(res.text)}` : message;
  throw new CheckFailure(withBody, res ? { curl: toCurl(res.request), ...details } : details);
}

export function expectStatus(res: HttpResponse, expected: number | readonly number[], what: string): void {
  const allowed = typeof expected === 'number' ? [expected] : expected;
  if (!allowed.includes(res.status)) {
    fail(`${what}: expected status ${allowed.join(' or ')} from ${describeRequest(res)}, got ${res.status}`, res);
  }
}

/** The body must be JSON (Content-Type and content); returns the parsed value. */
export function expectJson(res: HttpResponse, what: string): unknown {
  if (res.json === undefined) {
    fail(`${what}: the body of ${describeRequest(res)} (status ${res.status}) is not JSON`, res);
  }
  if (!isJsonContentType(res.headers)) {
    fail(
      `${what}: ${describeRequest(res)} answered Content-Type ${JSON.stringify(res.headers['content-type'] ?? '(none)')}, expected application/json`,
      res,
    );
  }
  return res.json;
}

/** `{success: false, result: {name, message, data}}` whose `data` holds what the ErrorName table gives the name; returns `result`. */
export function expectCommandError(res: HttpResponse, what: string): { name: string; message: string; data: JsonRecord } {
  const body = expectJson(res, what);
  const problems = commandErrorProblems(body);
  if (problems.length > 0) {
    fail(`${what}: the body of ${describeRequest(res)} is not the error envelope {success: false, result: {name, message, data}}: ${problems.join('; ')}`, res);
  }
  const result = (body as JsonRecord)['result'] as JsonRecord;
  const error = { name: result['name'] as string, message: result['message'] as string, data: result['data'] as JsonRecord };
  expectErrorData(res, error, what);
  return error;
}

/** What an implementation prints for a value it lacks or cannot print: never in a message (CMD-ERR-010) unless the request held it. */
const PLACEHOLDERS = ['undefined', '[object Object]'];

/** The error's `data` holds what the spec's ErrorName table gives its name, and its message shows no placeholder. */
function expectErrorData(res: HttpResponse, error: { name: string; message: string; data?: JsonRecord }, what: string): void {
  const missing = dataProblems(error.name, error.data ?? {});
  if (missing.length > 0) fail(`${what}: ${error.name} does not carry the data the spec gives it (ErrorName table): ${missing.join('; ')}`, res);
  const sent = `${res.request.url} ${res.request.body ?? ''}`;
  const shown = PLACEHOLDERS.find((p) => error.message.includes(p) && !sent.includes(p));
  if (shown !== undefined) fail(`${what}: CMD-ERR-010 the message of ${error.name} shows ${JSON.stringify(shown)}, which the request did not hold: ${JSON.stringify(error.message)}`, res);
}

/** A plain error body `{name, message, data?}` whose `data` holds what the spec's ErrorName table gives that name. */
export function expectPlainError(res: HttpResponse, what: string): { name: string; message: string; data?: JsonRecord } {
  const body = expectJson(res, what);
  const problems = plainErrorProblems(body);
  if (problems.length > 0) {
    fail(`${what}: the body of ${describeRequest(res)} is not an error body {name, message, data?}: ${problems.join('; ')}`, res);
  }
  const record = body as JsonRecord;
  const error: { name: string; message: string; data?: JsonRecord } = { name: record['name'] as string, message: record['message'] as string };
  if (isRecord(record['data'])) error.data = record['data'];
  expectErrorData(res, error, what);
  return error;
}

/** `{success: true, result}`; returns `result`. */
export function expectSuccess(res: HttpResponse, what: string): unknown {
  expectStatus(res, 200, what);
  const body = expectJson(res, what);
  const problems = envelopeProblems(body);
  if (problems.length > 0) fail(`${what}: the body of ${describeRequest(res)} is not {success, result}: body ${problems.join('; ')}`, res);
  const record = body as JsonRecord;
  if (record['success'] !== true) {
    // If supported, then correct: a feature beyond the contract that the service names as unknown.
    const lacking = unsupportedFeature(res);
    if (lacking !== undefined) unsupported(lacking, res);
    fail(`${what}: expected success true from ${describeRequest(res)}, got success ${JSON.stringify(record['success'])}`, res);
  }
  return record['result'];
}

export function expectErrorName(res: HttpResponse, actual: string, expected: string, what: string): void {
  if (actual !== expected) fail(`${what}: expected error name ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`, res);
}

/** The error names a field: `field` occurs in `data.field` or in `message`. */
export function expectNamesField(
  res: HttpResponse,
  error: { message: string; data?: JsonRecord },
  field: string,
  what: string,
): void {
  const dataField = error.data?.['field'];
  const inData = typeof dataField === 'string' && dataField.includes(field);
  if (!inData && !error.message.includes(field)) {
    fail(
      `${what}: the error does not name the offending field ${JSON.stringify(field)} (data.field is ${dataField === undefined ? 'missing' : JSON.stringify(dataField)}, message is ${JSON.stringify(error.message)})`,
      res,
    );
  }
}


/** 401 with the error body of the endpoint and the name `auth.error/unauthorized`. */
export function expectUnauthorized(res: HttpResponse, envelope: boolean, what: string): void {
  expectStatus(res, 401, what);
  const error = envelope ? expectCommandError(res, what) : expectPlainError(res, what);
  expectErrorName(res, error.name, 'auth.error/unauthorized', what);
}
