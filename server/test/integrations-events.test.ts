// POST /api/integrations/events/<account id> on an app built around a fake sync engine: the event
// reaches the app's pre-process byte for byte with its headers (hop-by-hop ones dropped), the app's
// status and reply go back to the caller, `workspaceIds` choose the sources that get the event,
// and the bounds (1 MiB, unknown account, an app that fails).
import { randomBytes } from 'node:crypto';
import { request as httpRequest, type OutgoingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bootstrap } from '../src/bootstrap.js';
import { createCommandRunner } from '../src/commands/dispatch.js';
import type { Database } from '../src/db/database.js';
import { createApp } from '../src/http/app.js';
import { insertAccount } from '../src/integrations/accounts/store.js';
import { integrationSettings } from '../src/integrations/settings.js';
import { CatalogCache } from '../src/model/catalog.js';
import type { ServerContext, SyncService } from '../src/server-context.js';
import { TargetPolicy } from '../src/webhooks/target-policy.js';
import { insertSourceRow, json, sendJson, startStubApp, type StubApp } from './integrations-app-stub.js';
import { openDatabase, storages } from './storages.js';
import { HeavyRequestGate } from '../src/http/heavy-requests.js';

const PRE_PROCESS = '/api/v1/synchronizer/webhooks/pre-process';

interface Received {
  sourceId: string;
  headers: Record<string, string>;
  payload: unknown;
}

/** Sends exactly these bytes and headers (fetch would add and forbid some). */
function post(url: string, body: Buffer, headers: OutgoingHttpHeaders = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', headers: { 'content-length': body.length, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe.each(storages)('inbound events on $name', (storage) => {
  let db: Database;
  let server: Server;
  let baseUrl = '';
  let app: StubApp;
  let accountId: string;
  let otherAccountId: string;
  const received: Received[] = [];
  const sources: Record<string, string> = {};

  const eventsUrl = (id = accountId) => `${baseUrl}/api/integrations/events/${id}`;

  beforeAll(async () => {
    app = await startStubApp();
    db = await openDatabase(storage);
    await bootstrap(db);
    const catalogs = new CatalogCache();
    const syncs: SyncService = {
      start: () => Promise.reject(new Error('not in these tests')),
      waitFor: () => Promise.resolve(),
      receiveEvent: (sourceId, event) => void received.push({ sourceId, ...event }),
      stop: () => Promise.resolve(),
    };
    const context: ServerContext = {
      db,
      commands: createCommandRunner(db, catalogs),
      catalogs,
      validateResponses: true,
      urlSigningKey: randomBytes(32),
      heavyRequests: new HeavyRequestGate(),
      baseUrl: () => baseUrl,
      log: () => undefined,
      appPolicy: new TargetPolicy(['127.0.0.1']),
      // Generous for a loaded CI machine (a call on PostgreSQL has taken over 500 ms there); the slow app below waits twice as long.
      integrationSettings: integrationSettings({ timeoutMs: 3_000 }),
      syncs,
    };
    server = createApp(context).listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const account = await insertAccount(db, { appUrl: app.url, appName: 'Stub', accountType: 'token', name: 'Ada', fields: { token: 't' } });
    const other = await insertAccount(db, { appUrl: app.url, appName: 'Stub', accountType: 'token', name: 'Bob', fields: { token: 'u' } });
    accountId = account.id;
    otherAccountId = other.id;
    sources['org1'] = await insertSourceRow(db, { accountId, workspaceId: 'org_1' });
    sources['org1again'] = await insertSourceRow(db, { accountId, workspaceId: 'org_1' });
    sources['numeric'] = await insertSourceRow(db, { accountId, workspaceId: '42' });
    sources['noWebhook'] = await insertSourceRow(db, { accountId, workspaceId: null });
    sources['otherAccount'] = await insertSourceRow(db, { accountId: otherAccountId, workspaceId: 'org_1' });
  });
  afterEach(() => {
    received.length = 0;
    app.requests.length = 0;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => {
      server?.close(() => resolve());
      server?.closeAllConnections();
    });
    await app?.close();
    await db?.close();
  });

  it('EVT-002 APP-043 passes the body byte for byte and the headers, without a token, to pre-process', async () => {
    app.on('POST', PRE_PROCESS, json(200, { reply: { ok: true }, workspaceIds: [] }));
    const body = Buffer.concat([Buffer.from('{"a": 1,\n  "b": "é"}'), Buffer.from([0xff, 0x00, 0xfe])]);
    const answer = await post(eventsUrl(), body, {
      'content-type': 'application/x-custom; charset=latin1',
      'x-hub-signature-256': 'sha256=0a1b2c',
      authorization: 'Bearer external-system',
      'x-hop': 'dropped',
      connection: 'keep-alive, x-hop',
      'keep-alive': 'timeout=5',
      'accept-encoding': 'gzip',
    });
    expect(answer.status).toBe(200);
    const [call] = app.calls('POST', PRE_PROCESS);
    expect(call?.body.equals(body)).toBe(true);
    expect(call?.headers).toMatchObject({
      'content-type': 'application/x-custom; charset=latin1',
      'x-hub-signature-256': 'sha256=0a1b2c',
      authorization: 'Bearer external-system',
      'content-length': String(body.length),
      host: `127.0.0.1:${app.port}`,
    });
    expect(call?.headers).not.toHaveProperty('x-hop');
    expect(call?.headers).not.toHaveProperty('keep-alive');
    expect(call?.headers).not.toHaveProperty('accept-encoding');
  });

  it('APP-068 answers the caller with the app status and its reply as JSON; no reply, no body', async () => {
    app.on('POST', PRE_PROCESS, json(202, { reply: { challenge: 'xyz' }, workspaceIds: [] }));
    const accepted = await post(eventsUrl(), Buffer.from('{}'), { 'content-type': 'application/json' });
    expect(accepted.status).toBe(202);
    expect(accepted.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(accepted.body)).toEqual({ challenge: 'xyz' });
    app.on('POST', PRE_PROCESS, json(401, { reply: 'signature mismatch', workspaceIds: ['org_1'] }));
    const refused = await post(eventsUrl(), Buffer.from('{}'));
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.body)).toBe('signature mismatch');
    app.on('POST', PRE_PROCESS, json(200, { workspaceIds: [] }));
    const silent = await post(eventsUrl(), Buffer.from('{}'));
    expect(silent).toMatchObject({ status: 200, body: '' });
    expect(received).toEqual([]);
  });

  it('APP-069 EVT-004 gives the event to the sources whose webhook workspace is in workspaceIds', async () => {
    app.on('POST', PRE_PROCESS, json(200, { reply: 'ok', workspaceIds: ['org_1', '42', 'unknown'] }));
    await post(eventsUrl(), Buffer.from('{"type":"issue.updated","id":7}'), { 'content-type': 'application/json', 'x-signature': 's1' });
    expect(received.map((r) => r.sourceId).sort()).toEqual([sources['org1'], sources['org1again'], sources['numeric']].sort());
    for (const event of received) {
      expect(event.payload).toEqual({ type: 'issue.updated', id: 7 });
      expect(event.headers).toMatchObject({ 'content-type': 'application/json', 'x-signature': 's1' });
      expect(event.headers).not.toHaveProperty('host');
    }
    received.length = 0;
    app.on('POST', PRE_PROCESS, json(200, { workspaceIds: ['org_1'] }));
    await post(eventsUrl(otherAccountId), Buffer.from('token=abc&text=hi'), { 'content-type': 'application/x-www-form-urlencoded' });
    expect(received).toEqual([expect.objectContaining({ sourceId: sources['otherAccount'], payload: 'token=abc&text=hi' })]);
    received.length = 0;
    app.on('POST', PRE_PROCESS, json(200, { workspaceIds: [] }));
    await post(eventsUrl(), Buffer.from('{}'));
    expect(received).toEqual([]);
  });

  it('refuses a body over 1 MiB with 413 without calling the app; exactly 1 MiB passes', async () => {
    app.on('POST', PRE_PROCESS, json(200, { workspaceIds: [] }));
    const over = await post(eventsUrl(), Buffer.alloc(1024 * 1024 + 1, 0x61));
    expect(over.status).toBe(413);
    expect(JSON.parse(over.body)).toMatchObject({ name: 'request.error/body-too-large', data: { limit: 1024 * 1024 } });
    expect(app.calls('POST', PRE_PROCESS)).toEqual([]);
    const chunked = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(eventsUrl(), { method: 'POST', headers: { 'transfer-encoding': 'chunked' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      for (let i = 0; i < 17; i += 1) req.write(Buffer.alloc(64 * 1024, 0x62));
      req.end();
    });
    expect(chunked).toBe(413);
    expect(app.calls('POST', PRE_PROCESS)).toEqual([]);
    const exact = await post(eventsUrl(), Buffer.alloc(1024 * 1024, 0x61));
    expect(exact.status).toBe(200);
    expect(app.calls('POST', PRE_PROCESS)[0]?.body.length).toBe(1024 * 1024);
  });

  it('answers 404 for an unknown account and 400 for an id that is not one, without calling the app', async () => {
    const unknown = await post(eventsUrl('6f1c2b9e-3d4a-4f5b-8c6d-7e8f9a0b1c2d'), Buffer.from('{}'));
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body)).toMatchObject({ name: 'integration.error/account-not-found' });
    const bad = await post(eventsUrl('not-an-id'), Buffer.from('{}'));
    expect(bad.status).toBe(400);
    expect(app.requests).toEqual([]);
  });

  it('answers 422 app-failed when the app fails: garbage, no workspaceIds, a time-out', async () => {
    app.on('POST', PRE_PROCESS, (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('<html>');
    });
    const garbage = await post(eventsUrl(), Buffer.from('{}'));
    expect(garbage.status).toBe(422);
    expect(JSON.parse(garbage.body)).toMatchObject({ name: 'integration.error/app-failed', data: { operation: 'webhooks/pre-process', appStatus: 200 } });
    app.on('POST', PRE_PROCESS, json(200, { reply: 'ok' }));
    expect((await post(eventsUrl(), Buffer.from('{}'))).status).toBe(422);
    app.on('POST', PRE_PROCESS, (_req, res) => {
      setTimeout(() => sendJson(res, 200, { workspaceIds: ['org_1'] }), 6_000).unref();
    });
    const slow = await post(eventsUrl(), Buffer.from('{}'));
    expect(slow.status).toBe(422);
    expect(JSON.parse(slow.body).message).toMatch(/within 3000 ms/);
    expect(received).toEqual([]);
  });
});
