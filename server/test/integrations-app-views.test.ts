// The settings screens' view of an account's app: the options of a filter field flagged
// `datalist`, and the app's logo (its SVG, a redirect to it, or the default logo).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockApp, type MockApp } from '../../mock-app/src/index.js';
import type { RunningServer } from '../src/index.js';
import { DEFAULT_APP_LOGO } from '../src/integrations/routes/app-views.js';
import { startTestServer, storages } from './storages.js';

const storage = storages[0];

describe('account views of the app', () => {
  let server: RunningServer;
  const apps: Record<string, MockApp> = {};
  const accounts: Record<string, string> = {};

  async function call(method: string, path: string, body?: unknown): Promise<Response> {
    return fetch(server.baseUrl + path, {
      method,
      redirect: 'manual',
      headers: { authorization: `Token ${server.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  beforeAll(async () => {
    server = await startTestServer(storage!, { appAllow: ['127.0.0.1'] });
    const setups = [
      ['tracker', 'token', { token: 'good' }],
      ['minimal', 'public', undefined],
      ['crm', 'oauth2', { access_token: 'crm-seed-access', refresh_token: 'crm-seed-refresh' }],
    ] as const;
    for (const [name, accountType, fields] of setups) {
      apps[name] = await startMockApp({ scenario: `mock-app/scenarios/${name}.yaml` });
      const res = await call('POST', '/api/integrations/accounts', { appUrl: apps[name]?.url, accountType, ...(fields ? { fields } : {}) });
      expect(res.status, await res.clone().text()).toBe(201);
      accounts[name] = ((await res.json()) as { id: string }).id;
    }
  });
  afterAll(async () => {
    for (const app of Object.values(apps)) await app.close();
    await server?.close();
  });

  it('APP-031 APP-061 APP-062 asks the app for a filter field\'s options with {types, account, field, dependsOn}', async () => {
    const res = await call('POST', `/api/integrations/accounts/${accounts.tracker}/datalist`, { types: ['issue'], field: 'states', dependsOn: { project: 'P1' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ items: [{ title: 'Open', value: 'open' }, { title: 'In progress', value: 'progress' }, { title: 'Done', value: 'done' }] });
    const request = apps.tracker?.requests.filter((r) => r.path === '/api/v1/synchronizer/datalist').at(-1);
    expect(request?.body).toEqual({ types: ['issue'], account: { token: 'good' }, field: 'states', dependsOn: { project: 'P1' } });
    const other = await call('POST', `/api/integrations/accounts/${accounts.tracker}/datalist`, { types: ['issue'], field: 'project' });
    expect(((await other.json()) as { items: unknown[] }).items).toEqual([{ title: 'Apollo', value: 'P1' }, { title: 'Gemini', value: 'P2' }]);
  });

  it('APP-ERR-007 answers the app\'s SVG, a redirect to its logo, or the default logo', async () => {
    const svg = await call('GET', `/api/integrations/accounts/${accounts.tracker}/logo`);
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    const body = await svg.text();
    expect(body).toContain('<svg');
    expect(body).not.toBe(DEFAULT_APP_LOGO);

    const redirect = await call('GET', `/api/integrations/accounts/${accounts.crm}/logo`);
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe(`${apps.crm?.url}/files/logo.svg`);

    const none = await call('GET', `/api/integrations/accounts/${accounts.minimal}/logo`);
    expect(none.status).toBe(200);
    expect(await none.text()).toBe(DEFAULT_APP_LOGO);

    apps.tracker?.fail({ endpoint: 'logo', kind: 'error' });
    const failing = await call('GET', `/api/integrations/accounts/${accounts.tracker}/logo`);
    expect(await failing.text()).toBe(DEFAULT_APP_LOGO);
  });

  it('answers 404 for an unknown account and 422 naming the app for a datalist the app refuses', async () => {
    expect((await call('GET', '/api/integrations/accounts/00000000-0000-4000-8000-000000000000/logo')).status).toBe(404);
    apps.tracker?.fail({ endpoint: 'datalist', kind: 'error' });
    const refused = await call('POST', `/api/integrations/accounts/${accounts.tracker}/datalist`, { types: ['issue'], field: 'project' });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { name: string; data: { operation: string } }).data.operation).toBe('datalist');
  });
});
