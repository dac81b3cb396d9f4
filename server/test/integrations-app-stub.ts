// What the integration tests of accounts, OAuth, events, files and the app client share: a
// programmable stand-in for an integration app (or a file host), a plain node:http server on
// 127.0.0.1 that records every request (raw body bytes included) and answers through handlers the
// test installs per method and path, so an app can misbehave at will (garbage, slow, huge,
// redirects); the server options those tests use; and source rows written directly.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Queryable } from '../src/db/database.js';
import { AppCallError } from '../src/integrations/app/errors.js';
import type { ServerOptions } from '../src/index.js';
import type { AppInformation } from '../src/integrations/types.js';

export interface StubRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The body as JSON, when it is JSON. */
  json: unknown;
}

export type StubHandler = (req: StubRequest, res: ServerResponse) => void | Promise<void>;

export interface StubApp {
  readonly url: string;
  readonly port: number;
  readonly requests: StubRequest[];
  /** Installs (or replaces) the handler of `METHOD /path`. */
  on(method: string, path: string, handler: StubHandler): void;
  /** The requests of `METHOD /path`. */
  calls(method: string, path: string): StubRequest[];
  close(): Promise<void>;
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** `{status, body}` as JSON, for `on(...)`. */
export function json(status: number, body: unknown): StubHandler {
  return (_req, res) => sendJson(res, status, body);
}

export function appInformation(authentication: AppInformation['authentication'] = [{ id: 'token', name: 'Token', fields: [{ id: 'token', title: 'Token', type: 'password' }] }]): AppInformation {
  return {
    version: '1.0.0',
    name: 'Stub tracker',
    website: 'https://stub.example.org',
    description: 'A stand-in app of the tests.',
    authentication,
    sources: [],
    responsibleFor: { dataSynchronization: true },
  };
}

/**
 * An app that syncs one type, `issue` (a key `id` and a text `name`), for any token: information,
 * validation, config, filter and schema answered; the test installs the data handler.
 */
export function syncOneIssueType(app: StubApp, data: StubHandler): void {
  app.on('GET', '/', json(200, appInformation()));
  app.on('POST', '/validate', json(200, { name: 'Ada' }));
  app.on('POST', '/api/v1/synchronizer/config', json(200, { types: [{ id: 'issue', name: 'Issues' }], filters: [] }));
  app.on('POST', '/api/v1/synchronizer/filter/validate', (_req, res) => void res.writeHead(204).end());
  app.on('POST', '/api/v1/synchronizer/schema', json(200, { issue: { id: { id: 'id', name: 'Id', type: 'id' }, name: { id: 'name', name: 'Name', type: 'text' } } }));
  app.on('POST', '/api/v1/synchronizer/data', data);
}

export async function startStubApp(): Promise<StubApp> {
  const handlers = new Map<string, StubHandler>();
  const requests: StubRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stub');
      const body = Buffer.concat(chunks);
      let parsed: unknown;
      try {
        parsed = JSON.parse(body.toString('utf8'));
      } catch {
        parsed = undefined;
      }
      const request: StubRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body, json: parsed };
      requests.push(request);
      const handler = handlers.get(`${request.method} ${request.path}`);
      if (!handler) {
        sendJson(res, 404, { message: `no route ${request.method} ${request.path}` });
        return;
      }
      Promise.resolve(handler(request, res)).catch((error: unknown) => {
        if (!res.headersSent) sendJson(res, 500, { message: String(error) });
        else res.destroy();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    on(method, path, handler) {
      handlers.set(`${method.toUpperCase()} ${path}`, handler);
    },
    calls(method, path) {
      return requests.filter((r) => r.method === method.toUpperCase() && r.path === path);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Server options of the integration tests: apps on loopback are allowed, calls time out fast. */
export function integrationServerOptions(overrides: ServerOptions['integrations'] = {}): Pick<ServerOptions, 'appAllow' | 'integrations' | 'webhookWorker'> {
  return { appAllow: ['127.0.0.1'], integrations: { timeoutMs: 2_000, ...overrides }, webhookWorker: false };
}

/** A row of `integration_sources` written directly (events and deletions only read these columns). */
export async function insertSourceRow(db: Queryable, row: { id?: string; accountId: string; workspaceId?: string | null; createdBy?: string }): Promise<string> {
  const id = row.id ?? randomUUID();
  await db.query(
    `INSERT INTO integration_sources (id, account_id, space, types, filter, keep_unsynced, mapping, webhook, webhook_workspace_id, last_synchronized_at, created_by, created_at)
     VALUES ($1, $2, 'Stub', '["issue"]', '{}', false, '{"types":{}}', $3, $4, NULL, $5, $6)`,
    [
      id,
      row.accountId,
      row.workspaceId == null ? null : JSON.stringify({ id: `wh-${id}`, workspaceId: row.workspaceId }),
      row.workspaceId ?? null,
      row.createdBy ?? '00000000-0000-4000-8000-000000000000',
      new Date().toISOString(),
    ],
  );
  return id;
}

/** The AppCallError a call fails with (fails the test when the call succeeds). */
export async function appCallFailure(promise: Promise<unknown>): Promise<AppCallError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppCallError) return error;
    throw error;
  }
  throw new Error('the call succeeded');
}
