// Custom actions (spec/integrations.md, "Custom actions"; APP-075, APP-076): the automation call
// runs an app's action Entity by Entity in the order given, one app request per Entity, one call
// at a time per source, stopping at the first failure; everything is checked before anything runs.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMockApp, type MockApp } from '../../mock-app/src/index.js';
import type { RunningServer } from '../src/index.js';
import { runAction, type ActionTarget } from '../src/integrations/actions/index.js';
import { AppCallError, type AppClient } from '../src/integrations/app/index.js';
import type { AccountRecord, SourceRecord } from '../src/integrations/types.js';
import { integrationServerOptions } from './integrations-app-stub.js';
import { startTestServer, storages } from './storages.js';

const ACTION_PATH = '/api/v1/synchronizer/action';
const SPACE = 'Acts';

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

describe.each(storages)('custom actions on $name', (storage) => {
  let server: RunningServer;
  let app: MockApp;
  let sourceId: string;
  /** Entity id by app key (issues and projects). */
  const ids = new Map<string, string>();

  async function call(method: string, path: string, body?: unknown): Promise<Answer> {
    const res = await fetch(server.baseUrl + path, {
      method,
      headers: { authorization: `Token ${server.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  const runOn = (keys: string[], action = 'close-issue'): Promise<Answer> =>
    call('POST', `/api/integrations/sources/${sourceId}/actions/${encodeURIComponent(action)}`, { entities: keys.map((k) => ids.get(k) ?? k) });
  const actionRequests = () => app.requests.filter((r) => r.path === ACTION_PATH);

  beforeAll(async () => {
    server = await startTestServer(storage, integrationServerOptions());
    app = await startMockApp({ scenario: 'mock-app/scenarios/tracker.yaml' });
    const account = await call('POST', '/api/integrations/accounts', { appUrl: app.url, accountType: 'token', fields: { token: 'good' } });
    expect(account.status, JSON.stringify(account.body)).toBe(201);
    const source = await call('POST', '/api/integrations/sources', { accountId: account.body.id, space: SPACE, types: ['project', 'issue'] });
    expect(source.status, JSON.stringify(source.body)).toBe(201);
    sourceId = source.body.id as string;
    const run = await call('POST', `/api/integrations/sources/${sourceId}/syncs?wait=true`);
    expect(run.body.status, JSON.stringify(run.body)).toBe('succeeded');
    for (const database of ['Issues', 'Projects']) {
      const read = await call('POST', '/api/commands', { command: 'svc.entity/query', args: { query: { 'q/from': `${SPACE}/${database}`, 'q/select': ['svc/id', `${SPACE}/Id`], 'q/limit': 100 } } });
      for (const row of read.body.result as Record<string, string>[]) ids.set(row[`${SPACE}/Id`]!, row['svc/id']!);
    }
  });
  afterAll(async () => {
    await app?.close();
    await server?.close();
  });
  beforeEach(() => {
    app.clearRequests();
    app.clearFailures();
  });

  it('APP-075 APP-076 runs one app request per Entity, in the order given, and stops at the first failure', async () => {
    const answer = await runOn(['ISS-2', 'ISS-1', 'ISS-3', 'ISS-5']);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({
      action: 'close-issue',
      results: [
        { entity: ids.get('ISS-2'), type: 'issue', key: 'ISS-2', status: 'done', message: expect.stringContaining('ISS-2') },
        { entity: ids.get('ISS-1'), type: 'issue', key: 'ISS-1', status: 'done', message: expect.stringContaining('ISS-1') },
        { entity: ids.get('ISS-3'), type: 'issue', key: 'ISS-3', status: 'failed', message: expect.stringContaining('ISS-3 is closed already.') },
        { entity: ids.get('ISS-5'), type: 'issue', key: 'ISS-5', status: 'not-run', message: expect.stringContaining('stopped') },
      ],
      stopped: true,
    });
    const requests = actionRequests();
    expect(requests.map((r) => (r.body as { entity: { id: string } }).entity.id)).toEqual(['ISS-2', 'ISS-1', 'ISS-3']);
    expect(app.actionCalls.map((c) => c.overlapped)).toEqual([false, false, false]);
    // The app changed the rows it closed; the rest stayed.
    expect(app.rows('issue').filter((r) => r.state === 'Done').map((r) => r.id).sort()).toEqual(['ISS-1', 'ISS-2', 'ISS-3']);
  });

  it('sends {action, types, account, filter, type, entity}: the key under the key field and the values mapped one to one', async () => {
    expect((await runOn(['ISS-4'])).body).toMatchObject({ stopped: false, results: [{ key: 'ISS-4', status: 'done' }] });
    const [request] = actionRequests();
    const body = request?.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['account', 'action', 'entity', 'filter', 'type', 'types']);
    expect(body).toMatchObject({ action: 'close-issue', types: ['project', 'issue'], account: { token: 'good' }, filter: {}, type: 'issue' });
    const row = app.scenario.data?.issue?.rows.find((r) => r.id === 'ISS-4') as Record<string, unknown>;
    expect(body.entity).toEqual({ id: 'ISS-4', name: row.name, estimate: row.estimate ?? null, progress: row.progress ?? null, due: row.due ?? null, updated: row.updated ?? null });
  });

  it('APP-075 queues the calls of one source: the app never gets two action requests at once', async () => {
    app.fail({ endpoint: 'action', kind: 'slow', delayMs: 150, times: -1 });
    const [first, second] = await Promise.all([runOn(['ISS-1', 'ISS-2']), runOn(['ISS-4', 'ISS-5'])]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(app.actionCalls).toHaveLength(4);
    expect(app.actionCalls.filter((c) => c.overlapped)).toEqual([]);
    // Each call's Entities are run together: one call starts after the other has ended (either may go first).
    expect([
      ['ISS-1', 'ISS-2', 'ISS-4', 'ISS-5'],
      ['ISS-4', 'ISS-5', 'ISS-1', 'ISS-2'],
    ]).toContainEqual(app.actionCalls.map((c) => c.key));
  });

  it('an app that does not answer in time fails that Entity, and the rest are not run', async () => {
    app.fail({ endpoint: 'action', kind: 'slow', delayMs: 3_000 });
    const answer = await runOn(['ISS-5', 'ISS-4']);
    expect((answer.body.results as { status: string; message?: string }[]).map((r) => r.status)).toEqual(['failed', 'not-run']);
    expect((answer.body.results as { message: string }[])[0]?.message).toMatch(/did not answer action within/);
  });

  it('refuses before anything runs: an unknown action (404), an Entity of no source or of a type the action does not apply to (400), a repeated Entity (400)', async () => {
    const unknown = await runOn(['ISS-1'], 'reopen-issue');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ name: 'integration.error/action-unknown', data: { field: 'actionId', id: 'reopen-issue', known: ['close-issue'] } });

    const stranger = randomUUID();
    const foreign = await runOn(['ISS-1', stranger]);
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({ name: 'integration.error/entity-not-synchronized', data: { field: 'entities/1', id: stranger } });

    const project = await runOn(['ISS-1', 'P1']);
    expect(project.status).toBe(400);
    expect(project.body).toMatchObject({ name: 'integration.error/action-not-applicable', data: { field: 'entities/1', type: 'project' } });

    const repeated = await runOn(['ISS-1', 'ISS-1']);
    expect(repeated.status).toBe(400);

    const empty = await runOn([]);
    expect(empty.status).toBe(400);
    expect(actionRequests()).toEqual([]);
  });

  it('validates the account first: a refused account is 422 and nothing runs; an unknown source is 404', async () => {
    app.fail({ endpoint: 'validate', kind: 'error', status: 401, message: 'Token revoked.' });
    const refused = await runOn(['ISS-1']);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ name: 'integration.error/account-invalid' });
    expect(actionRequests()).toEqual([]);
    const missing = await call('POST', `/api/integrations/sources/${randomUUID()}/actions/close-issue`, { entities: [ids.get('ISS-1')] });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ name: 'integration.error/source-not-found' });
  });
});

describe('the run loop', () => {
  const source = { id: 's', types: ['issue'], filter: {} } as unknown as SourceRecord;
  const account = { fields: { token: 't' } } as unknown as AccountRecord;
  const targets: ActionTarget[] = ['A', 'B', 'C'].map((key) => ({ entity: `e-${key}`, appType: 'issue', key, row: { id: key } }));

  function client(onCall: (key: string) => { message?: string }, log: string[]): AppClient {
    return {
      action: async (body: { entity: Record<string, unknown> }) => {
        const key = String(body.entity.id);
        log.push(key);
        return onCall(key);
      },
    } as unknown as AppClient;
  }

  it('APP-075 stops at the first failure: no call after it', async () => {
    const log: string[] = [];
    const failing = client((key) => {
      if (key === 'B') throw new AppCallError({ operation: 'action', appStatus: 500, message: 'The app answered action with HTTP 500: boom' });
      return {};
    }, log);
    const run = await runAction(failing, source, account, 'x', targets, { budgetMs: 60_000 });
    expect(log).toEqual(['A', 'B']);
    expect(run.results.map((r) => r.status)).toEqual(['done', 'failed', 'not-run']);
    expect(run.results[1]?.message).toContain('boom');
    expect(run.stopped).toBe(true);
  });

  it('stops when the time budget is spent: the Entities left are not run', async () => {
    const log: string[] = [];
    let clock = 0;
    const slow = client(() => {
      clock += 40;
      return { message: 'ok' };
    }, log);
    const run = await runAction(slow, source, account, 'x', targets, { budgetMs: 70, now: () => clock });
    expect(log).toEqual(['A', 'B']);
    expect(run.results.map((r) => r.status)).toEqual(['done', 'done', 'not-run']);
    expect(run.results[2]?.message).toMatch(/time budget/);
    expect(run.stopped).toBe(true);
  });

  it('is not stopped when every Entity is done', async () => {
    const run = await runAction(client(() => ({}), []), source, account, 'x', targets, { budgetMs: 60_000 });
    expect(run).toEqual({ action: 'x', results: targets.map((t) => ({ entity: t.entity, type: 'issue', key: t.key, status: 'done' })), stopped: false });
  });
});
