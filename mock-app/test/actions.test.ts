// Custom actions of the mock app (spec/app.openapi.yaml, `POST /api/v1/synchronizer/action`): the
// information lists them, a call runs one action on one row (changing it, or failing for the keys
// the scenario says), and every call is recorded with whether another one overlapped it.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MockApp, Scenario } from '../src/index.js';
import { loadScenario, startMockApp } from '../src/index.js';
import { call, post, scenarioPath, withApp } from './support.js';

const account = { token: 'good' };
const types = ['project', 'issue'];

function actionRequest(key: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { action: 'close-issue', types, account, filter: {}, type: 'issue', entity: { id: key, name: 'whatever' }, ...extra };
}

describe('tracker scenario: custom actions', () => {
  let app: MockApp;
  beforeAll(async () => {
    app = await startMockApp({ scenario: scenarioPath('tracker.yaml') });
  });
  afterAll(() => app.close());
  beforeEach(() => {
    app.clearRequests();
    app.clearFailures();
  });

  it('APP-076 runs the action on the one row named by the entity key and changes the row', async () => {
    expect(app.rows('issue').find((r) => r.id === 'ISS-1')?.state).toBe('Open');
    const answer = await post(app, '/api/v1/synchronizer/action', actionRequest('ISS-1'));
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ message: expect.stringContaining('ISS-1') });
    expect(app.rows('issue').find((r) => r.id === 'ISS-1')?.state).toBe('Done');
    expect(app.actionCalls).toEqual([{ action: 'close-issue', type: 'issue', key: 'ISS-1', startedAt: expect.any(Number), finishedAt: expect.any(Number), status: 200, overlapped: false }]);
  });

  it('fails with failStatus {message: failMessage} for a key of failKeys, leaving the row as it was', async () => {
    const before = app.rows('issue').find((r) => r.id === 'ISS-3');
    const answer = await post(app, '/api/v1/synchronizer/action', actionRequest('ISS-3'));
    expect(answer.status).toBe(409);
    expect(answer.json).toEqual({ message: 'ISS-3 is closed already.' });
    expect(app.rows('issue').find((r) => r.id === 'ISS-3')).toEqual(before);
    expect(app.actionCalls.map((c) => [c.key, c.status])).toEqual([['ISS-3', 409]]);
  });

  it('refuses an unknown action (404), a type it does not apply to (400), a row it does not have (404), an entity without its key (400) and an invalid account (401)', async () => {
    const cases: [Record<string, unknown>, number][] = [
      [actionRequest('ISS-1', { action: 'reopen' }), 404],
      [actionRequest('P1', { type: 'project' }), 400],
      [actionRequest('ISS-404'), 404],
      [actionRequest('ISS-1', { entity: { name: 'no key' } }), 400],
      [actionRequest('ISS-1', { account: { token: 'bad' } }), 401],
    ];
    for (const [body, status] of cases) {
      const answer = await post(app, '/api/v1/synchronizer/action', body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.json).toEqual({ message: expect.stringMatching(/\S/) });
    }
    expect(app.actionCalls).toHaveLength(cases.length);
  });

  it('answers a request that breaks the contract (no entity) with 400 naming the field', async () => {
    const answer = await post(app, '/api/v1/synchronizer/action', { action: 'close-issue', types, account, filter: {}, type: 'issue' });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ message: expect.stringContaining('entity') });
  });

  it('an injected failure of the action endpoint answers first, for the chosen type', async () => {
    app.fail({ endpoint: 'action', type: 'issue', kind: 'error', status: 502, message: 'tracker down' });
    expect((await post(app, '/api/v1/synchronizer/action', actionRequest('ISS-2'))).json).toEqual({ message: 'tracker down' });
    expect((await post(app, '/api/v1/synchronizer/action', actionRequest('ISS-2'))).status).toBe(200);
  });
});

describe('action call records', () => {
  function slowActions(): Scenario {
    const tracker = loadScenario(scenarioPath('tracker.yaml'));
    return { ...tracker, actions: [{ id: 'close-issue', name: 'Close issue', types: ['issue'], delayMs: 200, set: { state: 'Done' } }] };
  }

  it('APP-075 marks calls that ran at the same time as overlapped, and calls one after the other as not', async () => {
    await withApp({ scenario: slowActions() }, async (app) => {
      await post(app, '/api/v1/synchronizer/action', actionRequest('ISS-1'));
      await post(app, '/api/v1/synchronizer/action', actionRequest('ISS-2'));
      expect(app.actionCalls.map((c) => c.overlapped)).toEqual([false, false]);
      const [first, second] = app.actionCalls;
      expect(second!.startedAt).toBeGreaterThanOrEqual(first!.finishedAt!);
      app.clearRequests();
      expect(app.actionCalls).toEqual([]);
      await Promise.all([post(app, '/api/v1/synchronizer/action', actionRequest('ISS-1')), post(app, '/api/v1/synchronizer/action', actionRequest('ISS-2'))]);
      expect(app.actionCalls.map((c) => c.overlapped)).toEqual([true, true]);
    });
  });

  it('the information lists no actions key when the scenario has none, and `actions` replaces app.extra.actions', async () => {
    const tracker = loadScenario(scenarioPath('tracker.yaml'));
    const { actions: _dropped, ...withoutActions } = tracker;
    await withApp({ scenario: withoutActions }, async (app) => {
      expect((await call(app.url, 'GET', '/')).json).not.toHaveProperty('actions');
    });
    await withApp({ scenario: { ...tracker, app: { ...tracker.app, extra: { actions: [{ action: 'legacy' }] } } } }, async (app) => {
      expect(((await call(app.url, 'GET', '/')).json as { actions: unknown[] }).actions).toEqual([{ id: 'close-issue', name: 'Close issue', description: "Sets the issue's state to Done in the tracker.", types: ['issue'] }]);
    });
  });

  it('refuses scenario actions with a repeated id, an unknown type, or a `set` outside the schema or on the key', () => {
    const tracker = loadScenario(scenarioPath('tracker.yaml'));
    const action = { id: 'a', name: 'A', types: ['issue'] };
    expect(() => loadScenario({ ...tracker, actions: [action, action] })).toThrow(/\/actions\/1\/id action id "a" appears twice/);
    expect(() => loadScenario({ ...tracker, actions: [{ ...action, types: ['bug'] }] })).toThrow(/\/actions\/0\/types\/0 names no type/);
    expect(() => loadScenario({ ...tracker, actions: [{ ...action, set: { colour: 'red' } }] })).toThrow(/\/actions\/0\/set\/colour is not a field/);
    expect(() => loadScenario({ ...tracker, actions: [{ ...action, set: { id: 'X' } }] })).toThrow(/\/actions\/0\/set\/id is the key/);
    expect(() => loadScenario({ ...tracker, actions: [{ ...action, failStatus: 200 }] })).toThrow(/failStatus/);
  });
});
