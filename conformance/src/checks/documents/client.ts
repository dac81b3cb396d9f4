/**
 * Helpers of the documents and comments checks: reading and writing documents over
 * /api/documents with the shape checks every read makes, and a test Database with a rich text
 * field (and, on request, the Comments extension) under a Space unique to the run.
 */
import { randomUUID } from 'node:crypto';
import type { components } from '../../../../generated/service/types.js';
import { describeRequest, expectJson, expectStatus, expectSuccess, fail } from '../../assert.js';
import type { CheckContext } from '../../check.js';
import type { HttpResponse } from '../../http.js';
import { isRecord } from '../../shapes.js';
import { schemaBatch, uniqueSpaceName } from '../../workspace.js';
import { typeDelete } from '../../model/schema.js';

type Schemas = components['schemas'];
export type ReadFormat = Schemas['ReadFormat'];
export type WriteFormat = Schemas['WriteFormat'];
export type DocumentContent = Schemas['DocumentContent'];
export type DocumentCommand = Schemas['DocumentCommand'];

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const RICH_TEXT_TYPE = 'Collaboration~Documents/Document';
export const RICH_TEXT_SECRET = 'Collaboration~Documents/secret';
export const COMMENTS_MIXIN = 'comments/comments-mixin';

export function newSecret(): string {
  return randomUUID();
}

function query(format: string | undefined): string {
  return format === undefined ? '' : `?format=${encodeURIComponent(format)}`;
}

/** `PUT /api/documents/<secret>` (no `format` parameter when `format` is undefined); the response is not checked. */
export function putDocumentRaw(ctx: CheckContext, secret: string, content: unknown, format?: string, timeoutMs?: number): Promise<HttpResponse> {
  return ctx.http.request({ method: 'PUT', path: `/api/documents/${secret}${query(format)}`, json: { content }, ...(timeoutMs ? { timeoutMs } : {}) });
}

/** Writes one document and checks the answer: status 200 and the body `true`. */
export async function putDocument(ctx: CheckContext, secret: string, content: DocumentContent, format?: WriteFormat, timeoutMs?: number): Promise<void> {
  const res = await putDocumentRaw(ctx, secret, content, format, timeoutMs);
  const what = `writing document ${secret}${format ? ` as ${format}` : ''}`;
  expectStatus(res, 200, what);
  if (expectJson(res, what) !== true) fail(`${what}: ${describeRequest(res)} answered ${res.text.slice(0, 100)}, expected the body true`, res);
}

export function getDocumentRaw(ctx: CheckContext, secret: string, format?: string, timeoutMs?: number): Promise<HttpResponse> {
  return ctx.http.get(`/api/documents/${secret}${query(format)}`, timeoutMs ? { timeoutMs } : {});
}

/** Checks a `{secret, content}` record: the secret asked for, content a string (an object in json). */
export function expectDocument(res: HttpResponse, value: unknown, secret: string, format: ReadFormat, what: string): DocumentContent {
  if (!isRecord(value)) fail(`${what}: expected a document {secret, content}, got ${JSON.stringify(value)?.slice(0, 200)}`, res);
  if (typeof value['secret'] !== 'string' || value['secret'].toLowerCase() !== secret.toLowerCase()) {
    fail(`${what}: expected secret ${secret}, got ${JSON.stringify(value['secret'])}`, res);
  }
  const content = value['content'];
  if (format === 'json') {
    if (!isRecord(content) || !isRecord(content['doc']) || content['doc']['type'] !== 'doc' || !Array.isArray(content['doc']['content'])) {
      fail(`${what}: the json format is {doc: {type: 'doc', content: [...]}}; got ${JSON.stringify(content)?.slice(0, 200)}`, res);
    }
  } else if (typeof content !== 'string') {
    fail(`${what}: the ${format} format is a string; got ${JSON.stringify(content)?.slice(0, 200)}`, res);
  }
  return content as DocumentContent;
}

/** Reads one document; checks status 200 and the `{secret, content}` shape; answers the content. */
export async function getDocument(ctx: CheckContext, secret: string, format?: ReadFormat, timeoutMs?: number): Promise<DocumentContent> {
  const res = await getDocumentRaw(ctx, secret, format, timeoutMs);
  const what = `reading document ${secret}${format ? ` as ${format}` : ''}`;
  expectStatus(res, 200, what);
  return expectDocument(res, expectJson(res, what), secret, format ?? 'md', what);
}

/** `POST /api/documents/commands`; the response is not checked. */
export function documentCommandRaw(ctx: CheckContext, command: DocumentCommand | Record<string, unknown>, format?: string): Promise<HttpResponse> {
  return ctx.http.post(`/api/documents/commands${query(format)}`, command);
}

/** `create-or-update-documents`; checks status 200 and the body `true`. */
export async function writeDocuments(ctx: CheckContext, args: Array<{ secret: string; content: DocumentContent }>, format?: WriteFormat): Promise<void> {
  const res = await documentCommandRaw(ctx, { command: 'create-or-update-documents', args }, format);
  const what = `create-or-update-documents of ${args.length} document(s)${format ? ` as ${format}` : ''}`;
  expectStatus(res, 200, what);
  if (expectJson(res, what) !== true) fail(`${what}: answered ${res.text.slice(0, 100)}, expected the body true`, res);
}

/** `get-documents`; checks status 200, one `{secret, content}` per secret in request order; answers the contents. */
export async function readDocuments(ctx: CheckContext, secrets: readonly string[], format?: ReadFormat): Promise<DocumentContent[]> {
  const res = await documentCommandRaw(ctx, { command: 'get-documents', args: secrets.map((secret) => ({ secret })) }, format);
  const what = `get-documents of ${secrets.length} document(s)${format ? ` as ${format}` : ''}`;
  expectStatus(res, 200, what);
  const body = expectJson(res, what);
  if (!Array.isArray(body) || body.length !== secrets.length) {
    fail(`${what}: expected an array of ${secrets.length} documents, got ${Array.isArray(body) ? `${body.length} elements` : JSON.stringify(body)?.slice(0, 200)}`, res);
  }
  return secrets.map((secret, i) => expectDocument(res, body[i], secret, format ?? 'md', `${what}, element ${i} (results come in request order)`));
}

export interface NotesDatabase {
  space: string;
  /** The Database: `<Space>/Notes`. */
  notes: string;
  /** Its title field (text). */
  title: string;
  /** Its rich text field (`Collaboration~Documents/Document`). */
  body: string;
  /** The caller's user id (svc/created-by of what the caller creates). */
  userId: string;
}

/**
 * Creates `<Space>/Notes` with a title and a rich text field (and the Comments extension when
 * asked) and reads the caller's user id from a first Entity; `body` runs, then the Database is
 * deleted whatever happens.
 */
export async function withNotesDatabase<T>(ctx: CheckContext, options: { comments: boolean }, body: (db: NotesDatabase) => Promise<T>): Promise<T> {
  const space = uniqueSpaceName(ctx);
  const notes = `${space}/Notes`;
  const title = `${space}/Title`;
  const richText = `${space}/Body`;
  const res = await schemaBatch(ctx, [
    {
      command: 'schema.type/create',
      args: {
        'svc/name': notes,
        'svc/meta': { 'svc/domain?': true },
        'svc/fields': [
          { 'svc/name': title, 'svc/type': 'svc/text', 'svc/meta': { 'ui/title?': true } },
          { 'svc/name': richText, 'svc/type': RICH_TEXT_TYPE },
        ],
      },
    },
    ...(options.comments ? [{ command: 'svc.app/install-mixins' as const, args: { types: { [notes]: [COMMENTS_MIXIN] } } }] : []),
  ]);
  expectSuccess(res, `creating ${notes} with a rich text field${options.comments ? ' and the Comments extension' : ''} (svc.schema/batch)`);
  try {
    const created = expectSuccess(await ctx.http.command({ command: 'svc.entity/create', args: { type: notes, entity: { [title]: 'first' } } }), `creating a first Entity of ${notes}`);
    const author = isRecord(created) ? created['svc/created-by'] : undefined;
    const userId = isRecord(author) && typeof author['svc/id'] === 'string' ? author['svc/id'] : undefined;
    if (userId === undefined) fail(`svc.entity/create in ${notes} answered no svc/created-by {svc/id}: ${JSON.stringify(created)?.slice(0, 200)}`, ctx.http.lastExchange?.response);
    return await body({ space, notes, title, body: richText, userId });
  } finally {
    const out = await schemaBatch(ctx, [typeDelete(notes)]).catch(() => undefined);
    if (out && out.status !== 200) ctx.log(`tear-down of ${notes} answered ${out.status}`);
  }
}
