// Custom actions of the mock app (spec/app.openapi.yaml, `POST /api/v1/automations/action/execute`,
// the public API's form): the information lists them with their args and says
// `responsibleFor.automations`, a call runs one action with its args (the `keyArg` naming the row
// it changes, or failing for the keys the scenario says), and every call is recorded with its args
// and whether another one overlapped it.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MockApp, Scenario } from '../src/index.js';
import { loadScenario, startMockApp } from '../src/index.js';
import { call, post, scenarioPath, withApp } from './support.js';

const PATH = '/api/v1/automations/action/execute';
const account = { token: 'good' };

function execute(args: Record<string, unknown>, extra: Record<string, unknown> = {}, action = 'close-issue'): Record<string, unknown> {
  return { action: { action, args }, account, ...extra };
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

  it('APP-081 runs the action on the row its key arg names and changes the row', async () => {
    expect(app.rows('issue').find((r) => r.id === 'ISS-1')?.state).toBe('Open');
    const answer = await post(app, PATH, execute({ issue: ' ISS-1 ', comment: 'Done here.' }));
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ message: expect.stringContaining('ISS-1') });
    expect(app.rows('issue').find((r) => r.id === 'ISS-1')?.state).toBe('Done');
    expect(app.actionCalls).toEqual([
      { action: 'close-issue', args: { issue: ' ISS-1 ', comment: 'Done here.' }, key: 'ISS-1', startedAt: expect.any(Number), finishedAt: expect.any(Number), status: 200, overlapped: false },
    ]);
  });

  it('fails with failStatus {message: failMessage} for a key of failKeys, leaving the row as it was', async () => {
    const before = app.rows('issue').find((r) => r.id === 'ISS-3');
    const answer = await post(app, PATH, execute({ issue: 'ISS-3' }));
    expect(answer.status).toBe(409);
    expect(answer.json).toEqual({ message: 'ISS-3 is closed already.' });
    expect(app.rows('issue').find((r) => r.id === 'ISS-3')).toEqual(before);
    expect(app.actionCalls.map((c) => [c.key, c.status])).toEqual([['ISS-3', 409]]);
  });

  it('refuses an unknown action (404), an unknown arg (400), no key (400), a row it does not have (404) and an invalid account (401), each with {message}', async () => {
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [execute({ issue: 'ISS-1' }, {}, 'reopen'), 404, /no action "reopen"/],
      [execute({ issue: 'ISS-1', comentt: 'x' }), 400, /comentt is not an arg/],
      [execute({ comment: 'no key' }), 400, /args\.issue is missing/],
      [execute({ issue: '   ' }), 400, /args\.issue is missing/],
      [execute({ issue: 'ISS-404' }), 404, /ISS-404/],
      [execute({ issue: 'ISS-1' }, { account: { token: 'bad' } }), 401, /\S/],
    ];
    for (const [body, status, message] of cases) {
      const answer = await post(app, PATH, body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.json).toEqual({ message: expect.stringMatching(message) });
    }
    expect(app.actionCalls).toHaveLength(cases.length);
  });

  it('answers a request that breaks the contract (no args, an arg that is not a string) with 400 naming the field', async () => {
    const noArgs = await post(app, PATH, { action: { action: 'close-issue' }, account });
    expect(noArgs.status).toBe(400);
    expect(noArgs.json).toEqual({ message: expect.stringContaining('args') });
    const number = await post(app, PATH, execute({ issue: 42 }));
    expect(number.status).toBe(400);
    expect(number.json).toEqual({ message: expect.stringContaining('issue') });
    expect(app.actionCalls).toEqual([]);
  });

  it('an injected failure of the action endpoint answers first, for a type the action works on', async () => {
    app.fail({ endpoint: 'action', type: 'issue', kind: 'error', status: 502, message: 'tracker down' });
    expect((await post(app, PATH, execute({ issue: 'ISS-2' }))).json).toEqual({ message: 'tracker down' });
    expect((await post(app, PATH, execute({ issue: 'ISS-2' }))).status).toBe(200);
  });
});

describe('action call records and scenario actions', () => {
  const tracker = (): Scenario => loadScenario(scenarioPath('tracker.yaml'));
  const slowActions = (): Scenario => ({
    ...tracker(),
    actions: [{ action: 'close-issue', name: 'Close issue', args: [{ id: 'issue', name: 'Issue', type: 'text' }], keyArg: 'issue', types: ['issue'], delayMs: 200, set: { state: 'Done' } }],
  });

  it('APP-075 marks calls that ran at the same time as overlapped, and calls one after the other as not', async () => {
    await withApp({ scenario: slowActions() }, async (app) => {
      await post(app, PATH, execute({ issue: 'ISS-1' }));
      await post(app, PATH, execute({ issue: 'ISS-2' }));
      expect(app.actionCalls.map((c) => c.overlapped)).toEqual([false, false]);
      const [first, second] = app.actionCalls;
      expect(second!.startedAt).toBeGreaterThanOrEqual(first!.finishedAt!);
      app.clearRequests();
      expect(app.actionCalls).toEqual([]);
      await Promise.all([post(app, PATH, execute({ issue: 'ISS-1' })), post(app, PATH, execute({ issue: 'ISS-2' }))]);
      expect(app.actionCalls.map((c) => c.overlapped)).toEqual([true, true]);
    });
  });

  it('an action without keyArg works on no row: 200 {message}', async () => {
    await withApp({ scenario: { ...tracker(), actions: [{ action: 'ping', name: 'Ping', args: [{ id: 'note', name: 'Note', type: 'textarea' }] }] } }, async (app) => {
      const answer = await post(app, PATH, execute({ note: 'hello' }, {}, 'ping'));
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual({ message: expect.stringMatching(/Ping/) });
      expect(app.actionCalls[0]).toMatchObject({ action: 'ping', args: { note: 'hello' }, key: undefined });
    });
  });

  it('APP-080 the information lists no actions key (and no automations) without scenario actions; `actions` replaces app.extra.actions', async () => {
    const { actions: _dropped, ...withoutActions } = tracker();
    await withApp({ scenario: withoutActions }, async (app) => {
      const info = (await call(app.url, 'GET', '/')).json as Record<string, unknown>;
      expect(info).not.toHaveProperty('actions');
      expect(info.responsibleFor).toEqual({ dataSynchronization: true });
    });
    await withApp({ scenario: { ...tracker(), app: { ...tracker().app, extra: { actions: [{ id: 'legacy' }] } } } }, async (app) => {
      const info = (await call(app.url, 'GET', '/')).json as { actions: Array<Record<string, unknown>> };
      expect(info.actions.map((a) => a.action)).toEqual(['close-issue']);
      expect(info.actions[0]).not.toHaveProperty('keyArg');
      expect(info.actions[0]).not.toHaveProperty('types');
    });
  });

  it('refuses scenario actions with a repeated id or arg id, a keyArg that is no arg, an unknown type, or a `set` outside the schema or on the key', () => {
    const base = tracker();
    const action = { action: 'a', name: 'A', args: [{ id: 'k', name: 'K', type: 'text' as const }], keyArg: 'k', types: ['issue'] };
    expect(() => loadScenario({ ...base, actions: [action, action] })).toThrow(/\/actions\/1\/action action id "a" appears twice/);
    expect(() => loadScenario({ ...base, actions: [{ ...action, args: [action.args[0]!, action.args[0]!] }] })).toThrow(/\/actions\/0\/args\/1\/id arg id "k" appears twice/);
    expect(() => loadScenario({ ...base, actions: [{ ...action, keyArg: 'key' }] })).toThrow(/\/actions\/0\/keyArg names no arg/);
    expect(() => loadScenario({ ...base, actions: [{ ...action, types: ['bug'] }] })).toThrow(/\/actions\/0\/types\/0 names no type/);
    expect(() => loadScenario({ ...base, actions: [{ ...action, set: { colour: 'red' } }] })).toThrow(/\/actions\/0\/set\/colour is not a field/);
    expect(() => loadScenario({ ...base, actions: [{ ...action, set: { id: 'X' } }] })).toThrow(/\/actions\/0\/set\/id is the key/);
    expect(() => loadScenario({ ...base, actions: [{ ...action, failStatus: 200 }] })).toThrow(/failStatus/);
    expect(() => loadScenario({ ...base, actions: [{ ...action, args: [{ id: 'k', name: 'K', type: 'number' }] }] as never })).toThrow(/type/);
  });
});
