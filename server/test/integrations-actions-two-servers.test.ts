// On PostgreSQL: custom action calls of one source are queued across every server process of the
// schema (APP-075), not only within one: two calls made at once through two processes still give
// the app one action request at a time, each call's Entities together. Skipped without
// DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockApp, type MockApp } from '../../mock-app/src/index.js';
import { scratchSchemaName, startServer, type RunningServer, type ServerOptions } from '../src/index.js';

const DATABASE_URL = process.env.DATABASE_URL;
const TOKEN = 'actions-two-servers-test';
const SPACE = 'Acts';

describe.skipIf(!DATABASE_URL)('custom actions queued across two processes (PostgreSQL)', () => {
  const schema = scratchSchemaName();
  const servers: RunningServer[] = [];
  let app: MockApp;
  let sourceId: string;
  const ids = new Map<string, string>();

  function options(drop: boolean): ServerOptions {
    return {
      databaseUrl: DATABASE_URL,
      schema,
      dropSchemaOnClose: drop,
      token: TOKEN,
      log: () => undefined,
      appAllow: ['127.0.0.1'],
      webhookWorker: false,
      integrations: { timeoutMs: 5_000 },
    };
  }

  async function call(server: RunningServer, method: string, path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
    const res = await fetch(server.baseUrl + path, {
      method,
      headers: { authorization: `Token ${TOKEN}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  beforeAll(async () => {
    app = await startMockApp({ scenario: 'mock-app/scenarios/tracker.yaml' });
    // The second process first (it keeps the schema), then the one that drops it when the test ends.
    servers.push(await startServer(options(false)));
    servers.push(await startServer(options(true)));
    const [one] = servers as [RunningServer];
    const account = await call(one, 'POST', '/api/integrations/accounts', { appUrl: app.url, accountType: 'token', fields: { token: 'good' } });
    expect(account.status, JSON.stringify(account.body)).toBe(201);
    const source = await call(one, 'POST', '/api/integrations/sources', { accountId: account.body.id, space: SPACE, types: ['project', 'issue'] });
    expect(source.status, JSON.stringify(source.body)).toBe(201);
    sourceId = source.body.id as string;
    const run = await call(one, 'POST', `/api/integrations/sources/${sourceId}/syncs?wait=true`);
    expect(run.body.status, JSON.stringify(run.body)).toBe('succeeded');
    const read = await call(one, 'POST', '/api/commands', { command: 'svc.entity/query', args: { query: { 'q/from': `${SPACE}/Issues`, 'q/select': ['svc/id', `${SPACE}/Id`], 'q/limit': 100 } } });
    for (const row of read.body.result as Record<string, string>[]) ids.set(row[`${SPACE}/Id`]!, row['svc/id']!);
  });
  afterAll(async () => {
    await app?.close();
    for (const server of servers) await server.close().catch(() => undefined);
  });

  it('APP-075 two calls of one source through two processes: the app never gets two action requests at once', async () => {
    app.fail({ endpoint: 'action', kind: 'slow', delayMs: 150, times: -1 });
    const runOn = (server: RunningServer, keys: string[]) =>
      call(server, 'POST', `/api/integrations/sources/${sourceId}/actions/close-issue`, { entities: keys.map((k) => ids.get(k)), args: { issue: '{{id}}' } });
    const [first, second] = await Promise.all([runOn(servers[0]!, ['ISS-1', 'ISS-2']), runOn(servers[1]!, ['ISS-4', 'ISS-5'])]);
    expect([first.status, second.status], JSON.stringify([first.body, second.body])).toEqual([200, 200]);
    expect(app.actionCalls).toHaveLength(4);
    expect(app.actionCalls.filter((c) => c.overlapped)).toEqual([]);
    expect([
      ['ISS-1', 'ISS-2', 'ISS-4', 'ISS-5'],
      ['ISS-4', 'ISS-5', 'ISS-1', 'ISS-2'],
    ]).toContainEqual(app.actionCalls.map((c) => c.key));
  });
});
