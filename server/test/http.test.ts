import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationSettings } from '../src/integrations/settings.js';
import { SyncEngine } from '../src/integrations/sync/engine.js';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { RunningServer } from '../src/index.js';
import { createApp } from '../src/http/app.js';
import { createPgMemDatabase } from '../src/db/pg-mem.js';
import { bootstrap } from '../src/bootstrap.js';
import { CatalogCache } from '../src/model/catalog.js';
import type { CommandResponse } from '../src/api/spec-types.js';
import { startTestServer, storages } from './storages.js';
import { HeavyRequestGate } from '../src/http/heavy-requests.js';

const STACK = /\n\s+at .+:\d+:\d+|node_modules|\.ts:\d+/;

describe.each(storages)('HTTP layer on $name', (storage) => {
  let server: RunningServer;
  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${server.baseUrl}/api/commands`, {
      method: 'POST',
      headers: { authorization: `Token ${server.token}`, 'content-type': 'application/json', ...headers },
      body,
    });

  beforeAll(async () => {
    server = await startTestServer(storage, { token: 'http-test-token', readerToken: 'http-test-reader' });
  });
  afterAll(() => server.close());

  it('uses the token it was given (SVC_TOKEN)', () => {
    expect(server.token).toBe('http-test-token');
  });

  it('issues a Reader token when given one (SVC_READER_TOKEN): it reads but may not manage webhooks', async () => {
    const reader = { authorization: 'Token http-test-reader', 'content-type': 'application/json' };
    const read = await fetch(`${server.baseUrl}/api/commands`, { method: 'POST', headers: reader, body: '{"command":"svc.schema/query"}' });
    expect(read.status).toBe(200);
    expect(((await read.json()) as { success: boolean }).success).toBe(true);
    const webhooks = await fetch(`${server.baseUrl}/api/webhooks/v2`, { headers: reader });
    expect(webhooks.status).toBe(403);
    expect(await webhooks.json()).toMatchObject({ name: 'auth.error/forbidden' });
  });

  it('stores tokens hashed, never in plain text', async () => {
    const { rows } = await server.db.query<{ token_hash: string }>('SELECT token_hash FROM api_tokens');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.token_hash).not.toContain('http-test-token');
      expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('answers 401 JSON without a token, and with a wrong one', async () => {
    for (const authorization of [undefined, 'Token nope', 'Basic abc']) {
      const res = await fetch(`${server.baseUrl}/api/commands`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        body: '{"command":"svc.schema/query"}',
      });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ success: false, result: { name: 'auth.error/unauthorized' } });
    }
  });

  it('answers malformed JSON with 400 naming the problem', async () => {
    const res = await post('{"command": ');
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ success: false, result: { name: 'request.error/malformed-json', data: { field: 'body' } } });
    expect(body.result.message).toMatch(/not valid JSON/);
  });

  it('answers a body over the limit with 413', async () => {
    const res = await post(JSON.stringify({ command: 'svc.schema/query', args: {}, pad: 'x'.repeat(1_100_000) }));
    expect(res.status).toBe(413);
    expect((await res.json()).result.name).toBe('request.error/body-too-large');
  });

  it('answers a body that is not JSON with 415', async () => {
    const res = await post('hello', { 'content-type': 'text/plain' });
    expect(res.status).toBe(415);
    expect((await res.json()).result.name).toBe('request.error/unsupported-media-type');
  });

  it('names the offending field of an invalid command, with one clear message', async () => {
    const res = await post(JSON.stringify({ command: 'svc.entity/query', args: { query: { 'q/from': 'Demo/Tasks', 'q/select': ['svc/id'] }, params: [] } }));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.result.data.field).toBe('/args/params');
    expect(body.result.message).toBe('Invalid request: /args/params must be object or null.');
  });

  it('refuses bodies nested too deeply with 400, before anything walks them', async () => {
    const depth = 20_000;
    const where = '["q/and",'.repeat(depth) + '["=",["svc/id"],"$x"]' + ']'.repeat(depth);
    const res = await post(`{"command":"svc.entity/query","args":{"query":{"q/from":"svc/user","q/select":["svc/id"],"q/where":${where},"q/limit":1}}}`);
    expect(res.status).toBe(400);
    expect((await res.json()).result).toMatchObject({ name: 'request.error/invalid-body', data: { field: 'body' } });
  });

  it('answers unknown routes with 404 JSON', async () => {
    const res = await fetch(`${server.baseUrl}/api/nope`, { headers: { authorization: `Token ${server.token}` } });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ name: 'route.error/not-found' });
  });

  it('never answers with a stack trace', async () => {
    for (const body of ['{', '[]', '[1]', 'null', '{"command":"svc.entity/create","args":{"type":"x","entity":[]}}']) {
      const res = await post(body);
      expect(res.status).toBeLessThan(500);
      expect(await res.text()).not.toMatch(STACK);
    }
  });

  it('runs a batch in one transaction: one failure leaves no trace of the others', async () => {
    const count = async () => Number((await server.db.query<{ n: number }>('SELECT count(*) AS n FROM entities')).rows[0]?.n);
    const before = await count();
    const res = await post(
      JSON.stringify({
        command: 'svc.command/batch',
        args: {
          commands: [
            { command: 'svc.entity/create', args: { type: 'svc/user', entity: { 'user/email': 'a@b.c' } } },
            { command: 'svc.entity/create', args: { type: 'svc/user', entity: { 'user/email': 'not an email' } } },
          ],
        },
      }),
    );
    const body = await res.json();
    expect(body).toMatchObject({ success: false, result: { name: 'command.error/batch-failed', data: { index: 1 } } });
    expect(body.result.data.error.name).toBe('entity.error/value-invalid');
    expect(await count()).toBe(before);
  });
});

describe('response validation', () => {
  let server: Server;
  let base: string;
  let token: string;
  beforeAll(async () => {
    const db = createPgMemDatabase();
    token = (await bootstrap(db)).token;
    // A runner that breaks the spec: `success` must be a boolean.
    const drifting = { run: async () => ({ success: 'yes', result: 1 }) as unknown as CommandResponse };
    server = createApp({
      db,
      commands: drifting,
      catalogs: new CatalogCache(),
      validateResponses: true,
      urlSigningKey: Buffer.alloc(32),
      heavyRequests: new HeavyRequestGate(),
      baseUrl: () => base,
      log: () => undefined,
      integrationSettings: integrationSettings(),
      syncs: new SyncEngine({ context: () => { throw new Error('no syncs in this test'); } }),
    }).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('turns a response that drifts from the spec into a failure a test sees', async () => {
    const res = await fetch(`${base}/api/commands`, {
      method: 'POST',
      headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
      body: '{"command":"svc.schema/query"}',
    });
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body.result.name).toBe('server.error/internal');
    expect(body.result.message).toMatch(/does not match the spec/);
  });
});
