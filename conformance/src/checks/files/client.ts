/**
 * Helpers of the files checks: uploading over `POST /api/files`, reading a file back by secret,
 * the file Entity's shape, and deleting the file Entities a check stored. A route the target does
 * not serve (404 `route.error/not-found`) makes the check unsupported.
 */
import { randomBytes } from 'node:crypto';
import type { components } from '../../../../generated/service/types.js';
import { describeRequest, expectErrorName, expectJson, expectPlainError, fail } from '../../assert.js';
import { CheckSkipped, CheckUnsupported, type CheckContext } from '../../check.js';
import type { Auth, HttpResponse } from '../../http.js';
import { isRecord } from '../../shapes.js';
import { isUnservedRoute } from '../../support.js';

export type FileEntity = components['schemas']['FileEntity'];

export const FILE_TYPE = 'svc/file';
export const FILES_MIXIN = 'Files/Files-mixin';
export const FILES_FIELD = 'Files/Files';

/** A file to upload: its filename, content type and bytes. */
export interface SampleFile {
  filename: string;
  contentType: string;
  bytes: Uint8Array;
}

/** Every byte value once (NUL, invalid UTF-8, CR LF and a boundary-like `--` included), then random bytes. */
export function sampleBytes(extra = 256): Uint8Array {
  const all = Uint8Array.from({ length: 256 }, (_, i) => i);
  const tail = new TextEncoder().encode('\r\n--boundary--\r\n');
  return Uint8Array.from([...all, ...tail, ...randomBytes(extra)]);
}

/** Throws CheckUnsupported when the target does not serve the route (404/405 route error). */
export function unsupportedIfUnserved(res: HttpResponse, feature: string): void {
  if (isUnservedRoute(res)) throw new CheckUnsupported([feature], `answered ${res.status}`);
}

/** `POST /api/files` with the file in part `file`. */
export function upload(ctx: CheckContext, file: SampleFile, auth?: Auth): Promise<HttpResponse> {
  return ctx.http.postForm('/api/files', [{ name: 'file', filename: file.filename, contentType: file.contentType, value: file.bytes }], auth === undefined ? {} : { auth });
}

/**
 * Uploads `file` and answers the file Entity the server made of it: an unserved route makes the
 * check unsupported, and the Entity must carry the file's name, media type and size.
 */
export async function storeFile(ctx: CheckContext, file: SampleFile, what: string, auth?: Auth): Promise<FileEntity> {
  const res = await upload(ctx, file, auth);
  unsupportedIfUnserved(res, 'POST /api/files');
  return expectFileEntity(res, { name: file.filename, contentType: file.contentType, size: file.bytes.length }, what);
}

/** The media type of a Content-Type (before any parameter), lower case. */
export function mediaType(value: string | undefined): string {
  return (value ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/**
 * A 200 answer holding a file Entity with the expected name, content type and size; answers it.
 * `what` says which request it answers.
 */
export function expectFileEntity(res: HttpResponse, expected: { name: string; contentType: string; size: number }, what: string): FileEntity {
  if (res.status !== 200) fail(`${what}: expected 200 with the file Entity, got ${res.status}`, res);
  const body = expectJson(res, what);
  if (!isRecord(body)) fail(`${what}: the answer is not a file Entity object`, res);
  const problems: string[] = [];
  for (const key of ['svc/id', 'svc/secret'] as const) if (typeof body[key] !== 'string' || body[key] === '') problems.push(`${key} is ${JSON.stringify(body[key])}, not a string`);
  if (body['svc/name'] !== expected.name) problems.push(`svc/name is ${JSON.stringify(body['svc/name'])}, expected ${JSON.stringify(expected.name)}`);
  if (mediaType(typeof body['svc/content-type'] === 'string' ? body['svc/content-type'] : undefined) !== mediaType(expected.contentType)) {
    problems.push(`svc/content-type is ${JSON.stringify(body['svc/content-type'])}, expected ${JSON.stringify(expected.contentType)}`);
  }
  if (body['svc/content-length'] !== expected.size) problems.push(`svc/content-length is ${JSON.stringify(body['svc/content-length'])}, expected ${expected.size}`);
  if (problems.length > 0) fail(`${what}: the file Entity is wrong: ${problems.join('; ')}`, res);
  return body as FileEntity;
}

/** `GET /api/files/<secret>` answers 200 with exactly these bytes and this content type. */
export async function expectContent(ctx: CheckContext, secret: string, expected: { contentType: string; bytes: Uint8Array }, what: string, auth?: Auth): Promise<void> {
  const res = await ctx.http.get(`/api/files/${encodeURIComponent(secret)}`, auth === undefined ? {} : { auth });
  if (res.status !== 200) fail(`${what}: ${describeRequest(res)} answered ${res.status}, expected 200 with the file's content`, res);
  if (mediaType(res.headers['content-type']) !== mediaType(expected.contentType)) {
    fail(`${what}: ${describeRequest(res)} answered Content-Type ${JSON.stringify(res.headers['content-type'] ?? '(none)')}, expected ${expected.contentType}`, res);
  }
  const got = res.bytes ?? new TextEncoder().encode(res.text);
  const at = firstDifference(got, expected.bytes);
  if (at !== undefined) {
    fail(`${what}: ${describeRequest(res)} answered ${got.length} bytes that differ from the ${expected.bytes.length} stored at byte ${at} (got ${got[at] ?? 'the end'}, expected ${expected.bytes[at] ?? 'the end'})`, res);
  }
}

function firstDifference(a: Uint8Array, b: Uint8Array): number | undefined {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return undefined;
}

/** Deletes file Entities the check stored; never throws (a failure is logged). */
export async function deleteFiles(ctx: CheckContext, ids: readonly string[]): Promise<void> {
  for (const id of ids) {
    const res = await ctx.http.command({ command: 'svc.entity/delete', args: { type: FILE_TYPE, entity: { 'svc/id': id } } }).catch(() => undefined);
    const body = res?.json;
    if (!res || !isRecord(body) || body['success'] !== true) ctx.log(`tear-down: deleting the file Entity ${id} failed${res ? `: answered ${res.status}: ${res.text.slice(0, 200)}` : ''}`);
  }
}

/** The largest file a target takes (FILE-009: 25 MiB, the limit itself taken). */
export const MAX_FILE_BYTES = 25 * 1024 * 1024;

/** `POST /api/files/from-url` with `body`; a target that does not serve it makes the check unsupported. */
export async function fromUrl(ctx: CheckContext, body: Record<string, unknown>, auth?: Auth): Promise<HttpResponse> {
  const res = await ctx.http.post('/api/files/from-url', body, { timeoutMs: 45_000, ...(auth === undefined ? {} : { auth }) });
  unsupportedIfUnserved(res, 'POST /api/files/from-url');
  return res;
}

/** Skips the check when the target refuses the suite's file server on 127.0.0.1 (its allow list does not name loopback). */
export function skipIfLoopbackRefused(res: HttpResponse, baseUrl: string): void {
  if (res.status === 400 && isRecord(res.json) && res.json['name'] === 'file.error/url-refused') {
    throw new CheckSkipped(`the target refuses the suite's file server at ${baseUrl} (a loopback address); allow it to run this check (the reference server: SVC_APP_ALLOW=127.0.0.1)`);
  }
}

/**
 * An error answer of `from-url`: this status and name, `data.field` `url`, `data.url` the URL sent
 * (for download-failed and url-refused), and the other `data` members given (`status`, `limit`).
 */
export function expectFromUrlError(res: HttpResponse, expected: { status: number; name: string; url?: string; data?: Record<string, unknown> }, what: string): void {
  if (res.status !== expected.status) fail(`${what}: expected ${expected.status} ${expected.name}, got ${res.status}`, res);
  const error = expectPlainError(res, what);
  expectErrorName(res, error.name, expected.name, what);
  const data = error.data ?? {};
  if (data['field'] !== 'url') fail(`${what}: ${expected.name} should name the field url (data.field), got ${JSON.stringify(data['field'])}`, res);
  if (expected.url !== undefined && data['url'] !== expected.url) fail(`${what}: data.url should be the URL sent, ${JSON.stringify(expected.url)}, got ${JSON.stringify(data['url'])}`, res);
  for (const [key, value] of Object.entries(expected.data ?? {})) {
    if (data[key] !== value) fail(`${what}: data.${key} should be ${JSON.stringify(value)}, got ${JSON.stringify(data[key])}`, res);
  }
}
