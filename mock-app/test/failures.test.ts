// Injected failures: every endpoint can fail, and every failure kind answers as documented
// (the answers that break the contract bypass response validation).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FailureEndpoint, MockApp, Scenario } from '../src/index.js';
import { FAILURE_ENDPOINTS, loadScenario, sign, startMockApp } from '../src/index.js';
import { allPages, call, dataRequest, post, scenarioPath, withApp, type Answer } from './support.js';

const account = { token: 'good' };
const types = ['project', 'issue'];
const CALLBACK = 'https://svc.example.org/api/integrations/oauth/callback';

/** The tracker with OAuth account types added, so that every endpoint of the contract is in use. */
function everything(): Scenario {
  const tracker = loadScenario(scenarioPath('tracker.yaml'));
  return { ...tracker, accountTypes: [...tracker.accountTypes, { id: 'oauth2', name: 'OAuth 2' }, { id: 'oauth', name: 'OAuth 1' }] };
}

/** A request to each endpoint and the status it answers without a failure. */
function requests(app: MockApp): Record<FailureEndpoint, { send: () => Promise<Answer>; status: number }> {
  const event = app.scenario.events?.[0].body;
  const raw = JSON.stringify(event);
  return {
    info: { send: () => call(app.url, 'GET', '/'), status: 200 },
    logo: { send: () => call(app.url, 'GET', '/logo'), status: 200 },
    validate: { send: () => post(app, '/validate', { id: 'token', fields: account }), status: 200 },
    'account-delete': { send: () => call(app.url, 'DELETE', '/api/v1/account', account), status: 200 },
    config: { send: () => post(app, '/api/v1/synchronizer/config', {}), status: 200 },
    schema: { send: () => post(app, '/api/v1/synchronizer/schema', { types, filter: {}, account }), status: 200 },
    data: { send: () => post(app, '/api/v1/synchronizer/data', dataRequest('issue', account)), status: 200 },
    datalist: { send: () => post(app, '/api/v1/synchronizer/datalist', { types, account, field: 'project' }), status: 200 },
    'filter-validate': { send: () => post(app, '/api/v1/synchronizer/filter/validate', { types, account, filter: {} }), status: 204 },
    resource: { send: () => post(app, '/api/v1/synchronizer/resource', { types, account, filter: {}, params: { id: 'notes' } }), status: 200 },
    webhooks: { send: () => post(app, '/api/v1/synchronizer/webhooks', { types, filter: {}, account, webhook: null }), status: 200 },
    'pre-process': {
      send: () => post(app, '/api/v1/synchronizer/webhooks/pre-process', raw, { 'content-type': 'application/json', 'x-mock-signature': sign('tracker-webhook-secret', raw) }),
      status: 200,
    },
    transform: { send: () => post(app, '/api/v1/synchronizer/webhooks/transform', { params: {}, payload: event, types, filter: {}, account }), status: 200 },
    action: { send: () => post(app, '/api/v1/automations/action/execute', { action: { action: 'close-issue', args: { issue: 'ISS-2' } }, account }), status: 200 },
    'oauth1-authorize': { send: () => post(app, '/oauth1/v1/authorize', { callback_uri: CALLBACK }), status: 200 },
    'oauth1-access-token': { send: () => post(app, '/oauth1/v1/access_token', { fields: { access_token: 'x', access_secret: 'y' }, oauth_verifier: 'z' }), status: 401 },
    'oauth2-authorize': { send: () => post(app, '/oauth2/v1/authorize', { callback_uri: CALLBACK, state: 's' }), status: 200 },
    'oauth2-access-token': { send: () => post(app, '/oauth2/v1/access_token', { fields: { callback_uri: CALLBACK }, code: 'x' }), status: 401 },
  };
}

describe('failures', () => {
  let app: MockApp;
  beforeAll(async () => {
    app = await startMockApp({ scenario: everything() });
  });
  afterAll(() => app.close());
  beforeEach(() => app.clearFailures());

  it('every endpoint of the contract can fail once (error with a chosen status), then answers normally again', async () => {
    const table = requests(app);
    expect(Object.keys(table).sort()).toEqual([...FAILURE_ENDPOINTS].sort());
    for (const endpoint of FAILURE_ENDPOINTS) {
      const { send, status } = table[endpoint];
      expect((await send()).status, endpoint).toBe(status);
      app.fail({ endpoint, kind: 'error', status: 503, message: `down: ${endpoint}` });
      const failed = await send();
      expect(failed.status, endpoint).toBe(503);
      expect(failed.json, endpoint).toEqual({ message: `down: ${endpoint}` });
      expect((await send()).status, endpoint).toBe(status);
    }
  });

  it('APP-ERR-004 tryLater answers 429 {message, tryLater: true} for the chosen type and page only', async () => {
    app.fail({ endpoint: 'data', type: 'issue', page: 1, kind: 'tryLater' });
    const project = await post(app, '/api/v1/synchronizer/data', dataRequest('project', account, { pagination: { offset: 2 } }));
    expect(project.status).toBe(200);
    expect((await post(app, '/api/v1/synchronizer/data', dataRequest('issue', account))).status).toBe(200);
    const limited = await post(app, '/api/v1/synchronizer/data', dataRequest('issue', account, { pagination: { offset: 2 } }));
    expect(limited.status).toBe(429);
    expect(limited.json).toEqual({ message: expect.stringMatching(/\S/), tryLater: true });
    const retried = await post(app, '/api/v1/synchronizer/data', dataRequest('issue', account, { pagination: { offset: 2 } }));
    expect(retried.status).toBe(200);
    expect((retried.json as { items: { id: string }[] }).items.map((i) => i.id)).toEqual(['ISS-3', 'ISS-4']);
  });

  it('APP-ERR-003 error answers 500 {message} by default', async () => {
    app.fail({ endpoint: 'data', kind: 'error' });
    const answer = await post(app, '/api/v1/synchronizer/data', dataRequest('issue', account));
    expect(answer.status).toBe(500);
    expect(answer.json).toEqual({ message: expect.stringMatching(/\S/) });
  });

  it('errorField answers {error} instead of {message}', async () => {
    app.fail({ endpoint: 'data', kind: 'errorField', status: 400, message: 'Project archived' });
    const answer = await post(app, '/api/v1/synchronizer/data', dataRequest('issue', account));
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ error: 'Project archived' });
  });

  it('slow answers normally after delayMs', async () => {
    app.fail({ endpoint: 'schema', kind: 'slow', delayMs: 300 });
    const started = Date.now();
    const answer = await post(app, '/api/v1/synchronizer/schema', { types, filter: {}, account });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(answer.status).toBe(200);
    const quick = Date.now();
    await post(app, '/api/v1/synchronizer/schema', { types, filter: {}, account });
    expect(Date.now() - quick).toBeLessThan(290);
  });

  it('garbage answers 200 with a body that is not JSON', async () => {
    app.fail({ endpoint: 'data', kind: 'garbage' });
    app.fail({ endpoint: 'validate', kind: 'garbage' });
    for (const answer of [await post(app, '/api/v1/synchronizer/data', dataRequest('issue', account)), await post(app, '/validate', { id: 'token', fields: account })]) {
      expect(answer.status).toBe(200);
      expect(answer.text.length).toBeGreaterThan(0);
      expect(answer.json).toBeUndefined();
    }
  });

  it('invalidRow puts "abc" into the first number field of the first row, or adds the given row', async () => {
    app.fail({ endpoint: 'data', type: 'issue', kind: 'invalidRow' });
    const answer = await post(app, '/api/v1/synchronizer/data', dataRequest('issue', account));
    const items = (answer.json as { items: Record<string, unknown>[] }).items;
    expect(items[0]).toMatchObject({ id: 'ISS-1', estimate: 'abc' });
    expect(items[1]).toEqual(app.rows('issue')[1]);
    expect(app.rows('issue')[0].estimate).toBe(3);
    app.fail({ endpoint: 'data', kind: 'invalidRow', row: { name: 'No key' } });
    const added = (await post(app, '/api/v1/synchronizer/data', dataRequest('project', account))).json as { items: Record<string, unknown>[] };
    expect(added.items.at(-1)).toEqual({ name: 'No key' });
    expect(added.items).toHaveLength(3);
  });

  it('endlessHasNext keeps answering hasNext with the request\'s own pagination as nextPageConfig', async () => {
    app.fail({ endpoint: 'data', type: 'issue', kind: 'endlessHasNext' });
    const first = (await post(app, '/api/v1/synchronizer/data', dataRequest('issue', account))).json as { pagination: { hasNext: boolean; nextPageConfig: unknown } };
    expect(first.pagination).toEqual({ hasNext: true, nextPageConfig: { offset: 0 } });
    for (let i = 0; i < 3; i++) {
      const next = (await post(app, '/api/v1/synchronizer/data', dataRequest('issue', account, { pagination: first.pagination.nextPageConfig }))).json as { pagination: unknown };
      expect(next.pagination).toEqual({ hasNext: true, nextPageConfig: { offset: 0 } });
    }
    app.clearFailures();
    const { pages } = await allPages(app, 'issue', account);
    expect(pages).toHaveLength(3);
  });

  it('endlessPages answers empty pages with hasNext and a new nextPageConfig every time', async () => {
    app.fail({ endpoint: 'data', type: 'issue', kind: 'endlessPages' });
    let pagination: unknown;
    for (let i = 0; i < 4; i++) {
      const page = (await post(app, '/api/v1/synchronizer/data', dataRequest('issue', account, pagination === undefined ? {} : { pagination }))).json as { items: unknown[]; pagination: { hasNext: boolean; nextPageConfig: unknown } };
      expect(page.items).toEqual([]);
      expect(page.pagination).toEqual({ hasNext: true, nextPageConfig: { offset: i + 1 } });
      pagination = page.pagination.nextPageConfig;
    }
    app.clearFailures();
    const { pages } = await allPages(app, 'issue', account);
    expect(pages).toHaveLength(3);
  });

  it('hugePage answers one page of 20,000 generated rows', async () => {
    app.fail({ endpoint: 'data', type: 'project', kind: 'hugePage' });
    const answer = await post(app, '/api/v1/synchronizer/data', dataRequest('project', account));
    const body = answer.json as { items: { id: string }[]; pagination: { hasNext: boolean } };
    expect(body.items).toHaveLength(20_000);
    expect(new Set(body.items.map((i) => i.id)).size).toBe(20_000);
    expect(body.pagination.hasNext).toBe(false);
  });

  it('times: -1 fires every time until clearFailures(); a count fires that many times', async () => {
    app.fail({ endpoint: 'config', kind: 'error', times: -1 });
    for (let i = 0; i < 4; i++) expect((await post(app, '/api/v1/synchronizer/config', {})).status).toBe(500);
    app.clearFailures();
    expect((await post(app, '/api/v1/synchronizer/config', {})).status).toBe(200);
    app.fail({ endpoint: 'config', kind: 'error', times: 2 });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await post(app, '/api/v1/synchronizer/config', {})).status);
    expect(statuses).toEqual([500, 500, 200]);
  });

  it('a failure with a type hits only requests of that type', async () => {
    app.fail({ endpoint: 'schema', type: 'project', kind: 'error' });
    expect((await post(app, '/api/v1/synchronizer/schema', { types: ['issue'], filter: {}, account })).status).toBe(200);
    expect((await post(app, '/api/v1/synchronizer/schema', { types: ['issue', 'project'], filter: {}, account })).status).toBe(500);
  });

  it('fail() refuses a failure that is not well formed, naming the field', () => {
    expect(() => app.fail({ endpoint: 'data', kind: 'nope' } as never)).toThrow(/\/kind must be one of/);
    expect(() => app.fail({ kind: 'error' })).toThrow(/\/endpoint is required/);
    expect(() => app.fail({ endpoint: 'schema', kind: 'hugePage' })).toThrow(/\/endpoint must be "data"/);
    expect(() => app.fail({ endpoint: 'data', kind: 'error', type: 'sprint' })).toThrow(/\/type names no type/);
    expect(() => app.fail({ endpoint: 'data', kind: 'error', times: 0 })).toThrow(/\/times/);
    expect(() => app.fail({ endpoint: 'data', kind: 'expiredToken' })).toThrow(/\/endpoint is not allowed here/);
  });

  it('failures of the scenario are active from the start', async () => {
    await withApp({ scenario: { ...everything(), failures: [{ endpoint: 'info', kind: 'tryLater', status: 503 }] } }, async (other) => {
      expect((await call(other.url, 'GET', '/')).status).toBe(503);
      expect((await call(other.url, 'GET', '/')).status).toBe(200);
    });
  });
});
