/**
 * The requests of the access-level check (auth.access-levels), one definition each: what it sends,
 * the level the spec gives it (`x-svc-access`, "Access levels"; conformance/test/access-actions.test.ts
 * holds the table to the spec), how its answer carries a refusal, and whether it writes (a refused
 * write must leave no trace). `prepare` runs first with the Architect token and makes what the
 * request acts on, so that an allowed request succeeds whatever ran before it.
 */
import { randomUUID } from 'node:crypto';
import type { CheckContext } from '../../check.js';
import type { HttpResponse } from '../../http.js';
import type { TestNames } from '../../model/schema.js';
import { isRecord } from '../../shapes.js';
import type { Command } from '../../workspace.js';

export type Level = 'reader' | 'editor' | 'architect';

export const LEVELS: readonly Level[] = ['reader', 'editor', 'architect'];

export function rank(level: Level): number {
  return LEVELS.indexOf(level);
}

/** What a request may write: the test Entities, the test Databases' fields, the target document. */
export type Trace = 'entities' | 'schema' | 'document';

/** How an answer says "refused": a command result (`{success: false}`), a plain 403, or per command of an array. */
export type Channel = 'command' | 'http' | 'array';

export interface Target {
  /** An Entity of Items the request may update or delete (made for it when `needsItem`). */
  item: string;
  /** A document the Architect wrote. */
  document: string;
  /** A secret no document has yet. */
  newDocument: string;
  /** A name no field of Items has yet. */
  fieldName: string;
}

export interface AccessAction {
  id: string;
  /** What the request does, in words. */
  what: string;
  needs: Level;
  channel: Channel;
  /** What a refused request must leave as it was (read back with the Architect token); none for a read. */
  traces: readonly Trace[];
  /** The request of an `array` action a token below `needs` may not make (its index; the others it may). */
  refusedIndex?: number;
  /** The request acts on an Item of its own (`Target.item`), made before it with the Architect token. */
  needsItem?: boolean;
  send(ctx: CheckContext, auth: string, n: TestNames, target: Target): Promise<HttpResponse>;
}

function command(ctx: CheckContext, auth: string, body: Command | Command[]): Promise<HttpResponse> {
  return ctx.http.request({ method: 'POST', path: '/api/commands', json: body, auth: { header: `Token ${auth}` } });
}

function query(n: TestNames): Command {
  return { command: 'svc.entity/query', args: { query: { 'q/from': n.items, 'q/select': ['svc/id', n.title], 'q/limit': 5 } } };
}

function create(n: TestNames, title: string): Command {
  return { command: 'svc.entity/create', args: { type: n.items, entity: { [n.title]: title } } };
}

function fieldCreate(n: TestNames, name: string): Command {
  return { command: 'svc.schema/batch', args: { commands: [{ command: 'schema.field/create', args: { 'svc/holder-type': n.items, 'svc/name': name, 'svc/type': 'svc/text', 'svc/meta': {} } }] } };
}

export const ACCESS_ACTIONS: readonly AccessAction[] = [
  { id: 'entity-query', what: 'svc.entity/query', needs: 'reader', channel: 'command', traces: [], send: (ctx, auth, n) => command(ctx, auth, query(n)) },
  { id: 'schema-query', what: 'svc.schema/query', needs: 'reader', channel: 'command', traces: [], send: (ctx, auth) => command(ctx, auth, { command: 'svc.schema/query' }) },
  { id: 'schema-get', what: 'GET /api/schema', needs: 'reader', channel: 'http', traces: [], send: (ctx, auth) => ctx.http.request({ method: 'GET', path: '/api/schema', auth: { header: `Token ${auth}` } }) },
  {
    id: 'document-read',
    what: 'GET /api/documents/{secret} of a document the Architect wrote',
    needs: 'reader',
    channel: 'http',
    traces: [],
    send: (ctx, auth, _n, t) => ctx.http.request({ method: 'GET', path: `/api/documents/${t.document}`, auth: { header: `Token ${auth}` } }),
  },
  {
    id: 'get-documents',
    what: 'get-documents of a document the Architect wrote',
    needs: 'reader',
    channel: 'http',
    traces: [],
    send: (ctx, auth, _n, t) => ctx.http.request({ method: 'POST', path: '/api/documents/commands', json: { command: 'get-documents', args: [{ secret: t.document }] }, auth: { header: `Token ${auth}` } }),
  },
  {
    id: 'graphql-query',
    what: 'a GraphQL query of the Space',
    needs: 'reader',
    channel: 'http',
    traces: [],
    send: (ctx, auth, n) => ctx.http.request({ method: 'POST', path: `/api/graphql/space/${encodeURIComponent(n.space)}`, json: { query: '{ __typename }' }, auth: { header: `Token ${auth}` } }),
  },
  { id: 'entity-create', what: 'svc.entity/create', needs: 'editor', channel: 'command', traces: ['entities'], send: (ctx, auth, n) => command(ctx, auth, create(n, `made by a token ${randomUUID()}`)) },
  {
    id: 'entity-update',
    what: 'svc.entity/update of an Item',
    needs: 'editor',
    channel: 'command',
    traces: ['entities'],
    needsItem: true,
    send: (ctx, auth, n, t) => command(ctx, auth, { command: 'svc.entity/update', args: { type: n.items, entity: { 'svc/id': t.item, [n.title]: `changed ${randomUUID()}` } } }),
  },
  {
    id: 'entity-delete',
    what: 'svc.entity/delete of an Item',
    needs: 'editor',
    channel: 'command',
    traces: ['entities'],
    needsItem: true,
    send: (ctx, auth, n, t) => command(ctx, auth, { command: 'svc.entity/delete', args: { type: n.items, entity: { 'svc/id': t.item } } }),
  },
  {
    id: 'batch-query-create',
    what: 'svc.command/batch of a query and a create',
    needs: 'editor',
    channel: 'command',
    traces: ['entities'],
    send: (ctx, auth, n) => command(ctx, auth, { command: 'svc.command/batch', args: { commands: [query(n), create(n, `batched ${randomUUID()}`)] } }),
  },
  {
    id: 'document-write',
    what: 'PUT /api/documents/{secret} of a new document',
    needs: 'editor',
    channel: 'http',
    traces: ['document'],
    send: (ctx, auth, _n, t) => ctx.http.request({ method: 'PUT', path: `/api/documents/${t.newDocument}`, json: { content: 'written by a token' }, auth: { header: `Token ${auth}` } }),
  },
  {
    id: 'create-or-update-documents',
    what: 'create-or-update-documents of a new document',
    needs: 'editor',
    channel: 'http',
    traces: ['document'],
    send: (ctx, auth, _n, t) =>
      ctx.http.request({ method: 'POST', path: '/api/documents/commands', json: { command: 'create-or-update-documents', args: [{ secret: t.newDocument, content: 'written by a token' }] }, auth: { header: `Token ${auth}` } }),
  },
  {
    id: 'array-query-create',
    what: 'an array of a query and a create (each judged on its own)',
    needs: 'editor',
    channel: 'array',
    refusedIndex: 1,
    traces: ['entities'],
    send: (ctx, auth, n) => command(ctx, auth, [query(n), create(n, `in an array ${randomUUID()}`)]),
  },
  { id: 'schema-batch', what: 'svc.schema/batch creating a field', needs: 'architect', channel: 'command', traces: ['schema'], send: (ctx, auth, n, t) => command(ctx, auth, fieldCreate(n, t.fieldName)) },
  {
    id: 'batch-create-schema',
    what: 'svc.command/batch of a create and a svc.schema/batch',
    needs: 'architect',
    channel: 'command',
    traces: ['entities', 'schema'],
    send: (ctx, auth, n, t) => command(ctx, auth, { command: 'svc.command/batch', args: { commands: [create(n, `before the schema ${randomUUID()}`), fieldCreate(n, t.fieldName)] } }),
  },
  { id: 'webhooks-list', what: 'GET /api/webhooks/v2', needs: 'architect', channel: 'http', traces: [], send: (ctx, auth) => ctx.http.request({ method: 'GET', path: '/api/webhooks/v2', auth: { header: `Token ${auth}` } }) },
  {
    id: 'integrations-list',
    what: 'GET /api/integrations/sources',
    needs: 'architect',
    channel: 'http',
    traces: [],
    send: (ctx, auth) => ctx.http.request({ method: 'GET', path: '/api/integrations/sources', auth: { header: `Token ${auth}` } }),
  },
];

/** The `svc/id` of a created Entity in a `{success: true, result}` answer. */
export function createdId(res: HttpResponse): string | undefined {
  const body = res.json;
  if (!isRecord(body) || body['success'] !== true || !isRecord(body['result'])) return undefined;
  const id = body['result']['svc/id'];
  return typeof id === 'string' ? id : undefined;
}
