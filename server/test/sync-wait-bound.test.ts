// `POST .../syncs?wait=true` waits for the run to end, but no longer than the bound
// (settings.waitMs, 120 s by default; 300 ms here): a run that outlasts it is answered 202 with
// the run as it stands, and goes on; one that ends within it is answered 200, ended.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../src/index.js';
import { integrationServerOptions, sendJson, startStubApp, syncOneIssueType, type StubApp } from './integrations-app-stub.js';

const TOKEN = 'sync-wait-bound-test';
const WAIT_MS = 300;

describe('sync start with wait=true', () => {
  let app: StubApp;
  let server: RunningServer;
  /** Releases the data page held back (a slow app); reset per run. */
  let release: () => void = () => undefined;
  let hold = false;

  beforeAll(async () => {
    app = await startStubApp();
    syncOneIssueType(app, async (_req, res) => {
      if (hold) await new Promise<void>((resolve) => (release = resolve));
      sendJson(res, 200, { items: [{ id: 'i1', name: 'Issue 1' }], pagination: { hasNext: false }, synchronizationType: 'full' });
    });
    server = await startServer({ port: 0, token: TOKEN, log: () => undefined, ...integrationServerOptions({ waitMs: WAIT_MS, pollMs: 50 }) });
  });
  afterAll(async () => {
    release();
    await server?.close();
    await app?.close();
  });

  async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
    const res = await fetch(server.baseUrl + path, {
      method,
      headers: { authorization: `Token ${TOKEN}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  it('answers 202 with the unfinished run once the bound passed, and 200 with the ended run when it ends within it', async () => {
    const account = await call('POST', '/api/integrations/accounts', { appUrl: app.url, accountType: 'token', fields: { token: 'good' } });
    expect(account.status, JSON.stringify(account.body)).toBe(201);
    const source = await call('POST', '/api/integrations/sources', { accountId: account.body.id, space: 'Tracker', types: ['issue'] });
    expect(source.status, JSON.stringify(source.body)).toBe(201);
    const syncs = `/api/integrations/sources/${String(source.body.id)}/syncs?wait=true`;

    hold = true;
    const slow = await call('POST', syncs);
    expect(slow.status, JSON.stringify(slow.body)).toBe(202);
    expect(slow.body).toMatchObject({ status: 'running', finishedAt: null });

    hold = false;
    release();
    let ended: Record<string, unknown> | undefined;
    for (let i = 0; i < 100 && ended === undefined; i++) {
      const run = await call('GET', `/api/integrations/syncs/${String(slow.body.id)}`);
      if (run.body.finishedAt !== null) ended = run.body;
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(ended, 'the held run ends once the app answers its page').toMatchObject({ status: 'succeeded' });

    const quick = await call('POST', syncs);
    expect(quick.status, JSON.stringify(quick.body)).toBe(200);
    expect(quick.body).toMatchObject({ status: 'succeeded' });
    expect(quick.body.finishedAt).not.toBeNull();
  });
});
