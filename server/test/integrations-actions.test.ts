// Custom actions (spec/integrations.md, "Custom actions"; APP-075, APP-076, APP-082): the
// automation call runs an app's action Entity by Entity in the order given, one
// `POST /api/v1/automations/action/execute` per Entity with `{action: {action, args}, account}`,
// the args' text templates filled from that Entity's row; one call at a time per source, stopping
// at the first failure; everything (the action, the args, the placeholders, the Entities, the
// account) is checked before anything runs. Also APP-083: authentication fields written the
// public API's way are accepted.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadScenario, startMockApp, type MockApp } from '../../mock-app/src/index.js';
import type { RunningServer } from '../src/index.js';
import { fillArgs, placeholdersOf, runAction, type ActionTarget, type AppAction, type AppActionArg } from '../src/integrations/actions/index.js';
import { AppCallError, type AppClient } from '../src/integrations/app/index.js';
import type { AccountRecord } from '../src/integrations/types.js';
import { integrationServerOptions } from './integrations-app-stub.js';
import { startTestServer, storages } from './storages.js';

const EXECUTE_PATH = '/api/v1/automations/action/execute';
const TRACKER = 'mock-app/scenarios/tracker.yaml';
const SPACE = 'Acts';

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

interface ExecuteBody {
  action: { action: string; args: Record<string, string> };
  account: Record<string, unknown>;
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

  const runOn = (keys: string[], args: Record<string, unknown> = { issue: '{{id}}' }, action = 'close-issue'): Promise<Answer> =>
    call('POST', `/api/integrations/sources/${sourceId}/actions/${encodeURIComponent(action)}`, { entities: keys.map((k) => ids.get(k) ?? k), args });
  const executeBodies = (): ExecuteBody[] => app.requests.filter((r) => r.path === EXECUTE_PATH).map((r) => r.body as ExecuteBody);

  beforeAll(async () => {
    server = await startTestServer(storage, integrationServerOptions());
    app = await startMockApp({ scenario: TRACKER });
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
    expect(executeBodies().map((b) => b.action.args.issue)).toEqual(['ISS-2', 'ISS-1', 'ISS-3']);
    expect(app.actionCalls.map((c) => c.overlapped)).toEqual([false, false, false]);
    // The app changed the rows it closed; the rest stayed.
    expect(app.rows('issue').filter((r) => r.state === 'Done').map((r) => r.id).sort()).toEqual(['ISS-1', 'ISS-2', 'ISS-3']);
  });

  it('APP-082 sends {action: {action, args}, account}: templates filled from the row (blanks inside braces allowed), empty values as nothing, numbers as their text', async () => {
    const comment = 'Closed {{ name }} ({{estimate}} h, {{progress}}, due "{{due}}") {{ not a placeholder }} {{';
    expect((await runOn(['ISS-4'], { issue: '{{id}}', comment })).body).toMatchObject({ stopped: false, results: [{ key: 'ISS-4', status: 'done' }] });
    const [body] = executeBodies();
    expect(Object.keys(body!).sort()).toEqual(['account', 'action']);
    expect(body).toEqual({ action: { action: 'close-issue', args: { issue: 'ISS-4', comment: 'Closed Dark mode (5 h, 0, due "") {{ not a placeholder }} {{' } }, account: { token: 'good' } });
  });

  it('an arg the call gives no value is left out; a call without args sends {}', async () => {
    app.clearRequests();
    await runOn(['ISS-4'], { issue: 'ISS-4' });
    await call('POST', `/api/integrations/sources/${sourceId}/actions/close-issue`, { entities: [ids.get('ISS-4')] });
    expect(executeBodies().map((b) => b.action.args)).toEqual([{ issue: 'ISS-4' }, {}]);
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

  it('actions have no types: an Entity of any type of the source runs (the app decides; here it has no such issue)', async () => {
    const answer = await runOn(['P1'], { issue: '{{id}}' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ results: [{ type: 'project', key: 'P1', status: 'failed', message: expect.stringContaining('P1') }], stopped: true });
    expect(executeBodies().map((b) => b.action.args.issue)).toEqual(['P1']);
  });

  it('refuses before anything runs: an unknown action (404) naming the near one, an unknown arg (400) naming the near arg, an arg that is not a string, an unknown placeholder naming the arg and the placeholder', async () => {
    const unknown = await runOn(['ISS-1'], {}, 'close-isue');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ name: 'integration.error/action-unknown', data: { field: 'actionId', id: 'close-isue', known: ['close-issue'] } });
    expect(unknown.body.message).toContain('did you mean "close-issue"');

    const arg = await runOn(['ISS-1'], { issue: '{{id}}', coment: 'x' });
    expect(arg.status).toBe(400);
    expect(arg.body).toMatchObject({ name: 'integration.error/action-args-invalid', data: { field: 'args/coment', arg: 'coment', near: 'comment' } });
    expect(arg.body.message).toMatch(/args\/coment .*did you mean "comment".*"issue", "comment"/);

    for (const value of [42, null, ['ISS-1'], { id: 'ISS-1' }]) {
      const wrong = await runOn(['ISS-1'], { issue: value });
      expect(wrong.status, JSON.stringify(value)).toBe(400);
      expect(wrong.body).toMatchObject({ name: 'request.error/invalid-body', data: { field: expect.stringContaining('issue') } });
    }

    const placeholder = await runOn(['ISS-1', 'ISS-2'], { issue: '{{id}}', comment: 'Closed {{nme}}' });
    expect(placeholder.status).toBe(400);
    expect(placeholder.body).toMatchObject({ name: 'integration.error/action-args-invalid', data: { field: 'args/comment', arg: 'comment', placeholder: 'nme', near: 'name' } });
    expect(placeholder.body.message).toMatch(/args\/comment names the field \{\{nme\}\}.*entities\/0 \(type "issue"\).*did you mean \{\{name\}\}/);

    // A field of issues that projects do not have: refused at the first project, before any issue runs.
    const mixed = await runOn(['ISS-1', 'P1'], { issue: '{{id}}', comment: '{{estimate}}' });
    expect(mixed.status).toBe(400);
    expect(mixed.body).toMatchObject({ name: 'integration.error/action-args-invalid', data: { field: 'args/comment', placeholder: 'estimate' } });
    expect(mixed.body.message).toContain('entities/1 (type "project")');

    const stranger = randomUUID();
    const foreign = await runOn(['ISS-1', stranger]);
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({ name: 'integration.error/entity-not-synchronized', data: { field: 'entities/1', id: stranger } });

    const repeated = await runOn(['ISS-1', 'ISS-1']);
    expect(repeated.status).toBe(400);

    const empty = await runOn([]);
    expect(empty.status).toBe(400);
    expect(executeBodies()).toEqual([]);
  });

  it('validates the account first: a refused account is 422 and nothing runs; an unknown source is 404', async () => {
    app.fail({ endpoint: 'validate', kind: 'error', status: 401, message: 'Token revoked.' });
    const refused = await runOn(['ISS-1']);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ name: 'integration.error/account-invalid' });
    expect(executeBodies()).toEqual([]);
    const missing = await call('POST', `/api/integrations/sources/${randomUUID()}/actions/close-issue`, { entities: [ids.get('ISS-1')] });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ name: 'integration.error/source-not-found' });
  });

  it('APP-083 takes authentication fields with `name` instead of `title` and the public API field types; ignores actions of another shape', async () => {
    const tracker = loadScenario(TRACKER);
    const fields = [
      { id: 'token', name: 'API token', type: 'password' },
      { id: 'docs', name: 'How to get a token', type: 'link', value: 'https://tracker.example.org/docs/tokens', optional: true },
      { id: 'settings', title: 'Settings', type: 'highlightText', editorMode: 'json', optional: true },
      { id: 'since', name: 'Since', type: 'date', optional: true },
      { id: 'verbose', name: 'Verbose', type: 'bool', optional: true },
      { id: 'region', name: 'Region', type: 'list', optional: true },
      { id: 'tags', name: 'Tags', type: 'multidropdown', optional: true },
      { id: 'login', name: 'Login', type: 'oauth', optional: true },
    ];
    const other = await startMockApp({
      scenario: { ...tracker, accountTypes: [{ ...tracker.accountTypes[0]!, fields }], app: { ...tracker.app, extra: { actions: [{ id: 'legacy', name: 'Old shape' }] } }, actions: undefined },
    });
    try {
      const account = await call('POST', '/api/integrations/accounts', { appUrl: other.url, accountType: 'token', fields: { token: 'good' } });
      expect(account.status, JSON.stringify(account.body)).toBe(201);
      const source = await call('POST', '/api/integrations/sources', { accountId: account.body.id, space: 'Acts2', types: ['project'] });
      expect(source.status, JSON.stringify(source.body)).toBe(201);
      const legacy = await call('POST', `/api/integrations/sources/${String(source.body.id)}/actions/legacy`, { entities: [randomUUID()] });
      expect(legacy.status).toBe(404);
      expect(legacy.body).toMatchObject({ name: 'integration.error/action-unknown', data: { known: [] } });
    } finally {
      await other.close();
    }
  });
});

describe('text templates', () => {
  const known = new Map<string, AppActionArg>([
    ['key', { id: 'key', name: 'Key', type: 'text', textTemplateSupported: true }],
    ['raw', { id: 'raw', name: 'Raw', type: 'textarea' }],
  ]);
  const row = { id: 'A-1', name: 'Alpha', size: 3, done: true, when: { start: '2024-01-01', end: '2024-01-02' }, none: null };

  it('APP-082 fills {{field}} of template args only; other text, lone braces and unknown ids stay as written', () => {
    expect(fillArgs({ key: '{{id}}/{{ name }}/{{size}}/{{done}}/{{when}}/[{{none}}]/{{}}/{{a b}}/{{', raw: '{{id}}' }, known, row)).toEqual({
      key: 'A-1/Alpha/3/true/{"start":"2024-01-01","end":"2024-01-02"}/[]/{{}}/{{a b}}/{{',
      raw: '{{id}}',
    });
    expect(placeholdersOf('{{id}} {{ id }} {{name}} {{}} {{a b}}')).toEqual(['id', 'name']);
  });

  it('bounds a filled value: more than 1,000,000 characters fails that Entity with a message naming the arg', () => {
    const long = { big: 'x'.repeat(600_000) };
    expect(() => fillArgs({ key: '{{big}}{{big}}' }, known, long)).toThrow(/args\/key would hold more than 1000000 characters/);
    expect(fillArgs({ key: '{{big}}' }, known, long).key).toHaveLength(600_000);
  });
});

describe('the run loop', () => {
  const account = { fields: { token: 't' } } as unknown as AccountRecord;
  const action: AppAction = { action: 'x', name: 'X', args: [{ id: 'key', name: 'Key', type: 'text', textTemplateSupported: true }] };
  const targets: ActionTarget[] = ['A', 'B', 'C'].map((key) => ({ entity: `e-${key}`, appType: 'issue', key, row: { id: key } }));

  function client(onCall: (key: string) => { message?: string }, log: string[]): AppClient {
    return {
      action: async (body: ExecuteBody) => {
        const key = String(body.action.args.key);
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
    const run = await runAction(failing, account, action, { key: '{{id}}' }, targets, { budgetMs: 60_000 });
    expect(log).toEqual(['A', 'B']);
    expect(run.results.map((r) => r.status)).toEqual(['done', 'failed', 'not-run']);
    expect(run.results[1]?.message).toContain('boom');
    expect(run.stopped).toBe(true);
  });

  it('an Entity whose filled args are too long fails without an app call, and execution stops', async () => {
    const log: string[] = [];
    const big: ActionTarget[] = [targets[0]!, { ...targets[1]!, row: { id: 'y'.repeat(1_000_001) } }, targets[2]!];
    const run = await runAction(client(() => ({}), log), account, action, { key: '{{id}}' }, big, { budgetMs: 60_000 });
    expect(log).toEqual(['A']);
    expect(run.results.map((r) => r.status)).toEqual(['done', 'failed', 'not-run']);
    expect(run.results[1]?.message).toMatch(/args\/key would hold more than/);
  });

  it('stops when the time budget is spent: the Entities left are not run', async () => {
    const log: string[] = [];
    let clock = 0;
    const slow = client(() => {
      clock += 40;
      return { message: 'ok' };
    }, log);
    const run = await runAction(slow, account, action, { key: '{{id}}' }, targets, { budgetMs: 70, now: () => clock });
    expect(log).toEqual(['A', 'B']);
    expect(run.results.map((r) => r.status)).toEqual(['done', 'done', 'not-run']);
    expect(run.results[2]?.message).toMatch(/time budget/);
    expect(run.stopped).toBe(true);
  });

  it('is not stopped when every Entity is done', async () => {
    const run = await runAction(client(() => ({}), []), account, action, { key: '{{id}}' }, targets, { budgetMs: 60_000 });
    expect(run).toEqual({ action: 'x', results: targets.map((t) => ({ entity: t.entity, type: 'issue', key: t.key, status: 'done' })), stopped: false });
  });
});
