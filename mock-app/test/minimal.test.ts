// The minimal scenario: an app without authentication, one type, no filters, no logo, no
// webhooks and no delta support; the optional endpoints still answer, within the contract.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockApp, Scenario } from '../src/index.js';
import { loadScenario, startMockApp } from '../src/index.js';
import { call, dataRequest, post, scenarioPath, withApp } from './support.js';

const SCENARIO = scenarioPath('minimal.yaml');
const account = {};

describe('minimal scenario', () => {
  let app: MockApp;
  beforeAll(async () => {
    app = await startMockApp({ scenario: SCENARIO });
  });
  afterAll(() => app.close());

  it('APP-003 AUTH-005 an app without authentication lists one account type without fields', async () => {
    const info = (await call(app.url, 'GET', '/')).json as { authentication: Record<string, unknown>[] };
    expect(info.authentication).toEqual([{ id: 'public', name: 'Public access', description: 'No authentication is needed.' }]);
  });

  it('APP-029 GET /logo answers 204 when the app has no logo', async () => {
    const logo = await call(app.url, 'GET', '/logo');
    expect(logo.status).toBe(204);
    expect(logo.text).toBe('');
  });

  it('APP-019 /validate accepts any account of a type without credentials', async () => {
    expect((await post(app, '/validate', { id: 'public', fields: {} })).json).toEqual({ name: 'Public access' });
    expect((await post(app, '/validate', { id: 'public', fields: { anything: 1 } })).status).toBe(200);
    expect((await post(app, '/validate', { id: 'token', fields: {} })).status).toBe(401);
  });

  it('APP-021 APP-053 config has no filters and no webhooks', async () => {
    expect((await post(app, '/api/v1/synchronizer/config')).json).toEqual({ types: [{ id: 'holiday', name: 'Public holidays' }], filters: [] });
  });

  it('APP-060 without delta support, data answers every row as full even with lastSynchronizedAt', async () => {
    const answer = await post(app, '/api/v1/synchronizer/data', dataRequest('holiday', account, { lastSynchronizedAt: new Date().toISOString() }));
    const body = answer.json as { items: { id: string }[]; synchronizationType: string; pagination: unknown };
    expect(body.synchronizationType).toBe('full');
    expect(body.items.map((i) => i.id)).toEqual(['2024-01-01-CY', '2024-03-25-CY', '2024-05-01-PL']);
    expect(body.pagination).toEqual({ hasNext: false });
  });

  it('data refuses an unknown type and a pagination the app did not hand out', async () => {
    const unknown = await post(app, '/api/v1/synchronizer/data', dataRequest('country', account));
    expect(unknown.status).toBe(400);
    expect((unknown.json as { message: string }).message).toContain('country');
    const foreign = await post(app, '/api/v1/synchronizer/data', dataRequest('holiday', account, { pagination: { page: 2 } }));
    expect(foreign.status).toBe(400);
    expect((foreign.json as { message: string }).message).toContain('pagination');
  });

  it('the optional endpoints the app has no content for answer errors in the contract shape', async () => {
    const types = ['holiday'];
    const datalist = await post(app, '/api/v1/synchronizer/datalist', { types, account, field: 'country' });
    expect(datalist.status).toBe(400);
    expect(datalist.json).toEqual({ message: expect.stringMatching(/none/) });
    expect((await post(app, '/api/v1/synchronizer/filter/validate', { types, account, filter: {} })).status).toBe(204);
    expect((await post(app, '/api/v1/synchronizer/webhooks', { types, filter: {}, account, webhook: null })).status).toBe(400);
    expect((await post(app, '/api/v1/synchronizer/webhooks/pre-process', { any: 'event' })).json).toEqual({ reply: { error: 'webhooks are not configured' }, workspaceIds: [] });
    expect((await post(app, '/api/v1/synchronizer/webhooks/transform', { params: {}, payload: {}, types, filter: {}, account })).status).toBe(400);
    expect((await post(app, '/api/v1/synchronizer/resource', { types, account, filter: {}, params: { url: 'x' } })).status).toBe(404);
    expect((await post(app, '/oauth1/v1/authorize', { callback_uri: 'https://svc.example.org/cb?state=1' })).status).toBe(404);
    expect((await post(app, '/oauth2/v1/authorize', { callback_uri: 'https://svc.example.org/cb', state: '1' })).status).toBe(404);
    expect((await post(app, '/oauth2/v1/access_token', { fields: { callback_uri: 'https://svc.example.org/cb' }, code: 'c' })).status).toBe(404);
  });

  it('invalidRow on a type without a number field answers a row without its key', async () => {
    app.fail({ endpoint: 'data', kind: 'invalidRow' });
    const items = ((await post(app, '/api/v1/synchronizer/data', dataRequest('holiday', account))).json as { items: Record<string, unknown>[] }).items;
    expect(items[0]).toEqual({ name: "New Year's Day", date: '2024-01-01', country: 'CY' });
    expect(items).toHaveLength(3);
  });

  it('accountDeletion with a failing status makes DELETE /api/v1/account answer it with {message} (the server\'s APP-ERR-006 case)', async () => {
    const scenario: Scenario = { ...loadScenario(SCENARIO), accountDeletion: { status: 500, message: 'Cannot revoke right now.' } };
    await withApp({ scenario }, async (failing) => {
      const answer = await call(failing.url, 'DELETE', '/api/v1/account', {});
      expect(answer.status).toBe(500);
      expect(answer.json).toEqual({ message: 'Cannot revoke right now.' });
    });
    await withApp({ scenario: { ...scenario, accountDeletion: { status: 409 } } }, async (conflict) => {
      const answer = await call(conflict.url, 'DELETE', '/api/v1/account', {});
      expect(answer.status).toBe(409);
      expect(answer.json).toEqual({ message: expect.stringMatching(/\S/) });
    });
  });
});
