// /api/integrations/accounts against a stub app: add (GET /, then /validate), list, read, delete
// (the app's clean-up first; a failed clean-up keeps the account and its sources), token refresh
// through /validate stored, and the errors of a bad address, an unknown account type, a refused
// account and an app that answers garbage.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../generated/service/types.js';
import { issueToken } from '../src/http/tokens.js';
import type { RunningServer } from '../src/index.js';
import { refreshAccount, loadAccount } from '../src/integrations/accounts/index.js';
import { integrationSettings } from '../src/integrations/settings.js';
import type { ServerContext } from '../src/server-context.js';
import { TargetPolicy } from '../src/webhooks/target-policy.js';
import { appInformation, insertSourceRow, integrationServerOptions, json, startStubApp, type StubApp } from './integrations-app-stub.js';
import { startTestServer, storages } from './storages.js';

type IntegrationAccount = components['schemas']['IntegrationAccount'];

describe.each(storages)('integration accounts on $name', (storage) => {
  let server: RunningServer;
  let app: StubApp;
  let context: ServerContext;

  const request = async (method: string, path: string, body?: unknown, token = server.token): Promise<{ status: number; json: unknown }> => {
    const res = await fetch(server.baseUrl + path, {
      method,
      headers: { authorization: `Token ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, json: text ? (JSON.parse(text) as unknown) : undefined };
  };
  const add = async (fields: Record<string, unknown> = { token: 'secret-1' }, accountType = 'token'): Promise<IntegrationAccount> => {
    const res = await request('POST', '/api/integrations/accounts', { appUrl: app.url, accountType, fields });
    if (res.status !== 201) throw new Error(`add failed (${res.status}): ${JSON.stringify(res.json)}`);
    return res.json as IntegrationAccount;
  };
  const storedFields = async (id: string): Promise<Record<string, unknown>> => {
    const { rows } = await server.db.query<{ fields: string }>('SELECT fields FROM integration_accounts WHERE id = $1', [id]);
    return JSON.parse(rows[0]?.fields ?? 'null') as Record<string, unknown>;
  };

  const defaults = () => {
    app.requests.length = 0;
    app.on('GET', '/', json(200, appInformation()));
    app.on('POST', '/validate', json(200, { name: 'Ada (stub)' }));
  };

  beforeAll(async () => {
    app = await startStubApp();
    defaults();
    server = await startTestServer(storage, integrationServerOptions());
    // What refreshAccount needs of the server context.
    const partial: Pick<ServerContext, 'db' | 'appPolicy' | 'integrationSettings'> = { db: server.db, appPolicy: new TargetPolicy(['127.0.0.1']), integrationSettings: integrationSettings({ timeoutMs: 2_000 }) };
    context = partial as ServerContext;
  });
  afterEach(defaults);
  afterAll(async () => {
    await server?.close();
    await app?.close();
  });

  it('APP-018 APP-005 APP-077 adds an account: reads GET /, validates {id, fields}, answers it without its values', async () => {
    app.on('GET', '/', json(200, { ...appInformation(), id: 'extra', actions: [] }));
    app.on('POST', '/validate', json(200, { name: 'Ada (stub)' }));
    const account = await add({ token: 'secret-1', empty: '' });
    expect(account).toMatchObject({ appUrl: app.url, appName: 'Stub tracker', accountType: 'token', name: 'Ada (stub)', fieldNames: ['token'], warnings: [] });
    expect(account.eventsUrl).toBe(`${server.baseUrl}/api/integrations/events/${account.id}`);
    expect(JSON.stringify(account)).not.toContain('secret-1');
    expect(app.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /', 'POST /validate']);
    expect(app.calls('POST', '/validate')[0]?.json).toEqual({ id: 'token', fields: { token: 'secret-1', empty: '' } });
    expect(await storedFields(account.id)).toEqual({ token: 'secret-1', empty: '' });
    expect(await request('GET', `/api/integrations/accounts/${account.id}`)).toEqual({ status: 200, json: account });
  });

  it('lists accounts oldest first; an unknown id is 404 account-not-found', async () => {
    const first = await add();
    const second = await add();
    const list = (await request('GET', '/api/integrations/accounts')).json as IntegrationAccount[];
    const ids = list.map((a) => a.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    const unknown = await request('GET', '/api/integrations/accounts/6f1c2b9e-3d4a-4f5b-8c6d-7e8f9a0b1c2d');
    expect(unknown).toMatchObject({ status: 404, json: { name: 'integration.error/account-not-found', data: { id: '6f1c2b9e-3d4a-4f5b-8c6d-7e8f9a0b1c2d' } } });
  });

  it('refuses an account type the app does not list, naming accountType', async () => {
    const res = await request('POST', '/api/integrations/accounts', { appUrl: app.url, accountType: 'basic', fields: {} });
    expect(res).toMatchObject({ status: 400, json: { name: 'integration.error/account-type-unknown', data: { field: 'accountType' } } });
    expect((res.json as { message: string }).message).toMatch(/"token".*"basic"/);
    expect(app.calls('POST', '/validate')).toEqual([]);
  });

  it('APP-ERR-001 a 401 from /validate refuses the account with the app message; nothing is stored', async () => {
    const before = ((await request('GET', '/api/integrations/accounts')).json as unknown[]).length;
    app.on('POST', '/validate', json(401, { message: 'Your token is incorrect.' }));
    const res = await request('POST', '/api/integrations/accounts', { appUrl: app.url, accountType: 'token', fields: { token: 'bad' } });
    expect(res).toMatchObject({ status: 422, json: { name: 'integration.error/account-invalid', data: { operation: 'validate', appStatus: 401 } } });
    expect((res.json as { message: string }).message).toContain('Your token is incorrect.');
    expect(((await request('GET', '/api/integrations/accounts')).json as unknown[]).length).toBe(before);
  });

  it('refuses an app address that is not http(s) or not allowed, naming appUrl, without calling it', async () => {
    for (const appUrl of ['ftp://127.0.0.1/app', 'http://10.0.0.7:8090', 'http://127.0.0.2:8090', `${app.url}/?x=1`]) {
      const res = await request('POST', '/api/integrations/accounts', { appUrl, accountType: 'token', fields: {} });
      expect(res, appUrl).toMatchObject({ status: 400, json: { name: 'integration.error/app-url-refused', data: { field: 'appUrl' } } });
      expect((res.json as { message: string }).message, appUrl).toMatch(/"appUrl"/);
    }
    expect(app.requests).toEqual([]);
  });

  it('APP-084 takes app information without a website, as the real service does, with a warning on the account; another break still refuses it', async () => {
    const { website: _website, ...withoutWebsite } = appInformation();
    app.on('GET', '/', json(200, withoutWebsite));
    const account = await add();
    expect(account.warnings).toEqual([expect.stringMatching(/no "website" \(the app contract requires one\)/)]);
    expect(await request('GET', `/api/integrations/accounts/${account.id}`)).toEqual({ status: 200, json: account });
    app.on('GET', '/', json(200, { ...withoutWebsite, authentication: [] }));
    const refused = await request('POST', '/api/integrations/accounts', { appUrl: app.url, accountType: 'token', fields: {} });
    expect(refused).toMatchObject({ status: 422, json: { name: 'integration.error/app-failed', data: { operation: 'info' } } });
    expect((refused.json as { message: string }).message).toMatch(/\/authentication/);
  });

  it('answers 422 app-failed when the app information breaks the contract', async () => {
    app.on('GET', '/', json(200, { ...appInformation(), authentication: [] }));
    const res = await request('POST', '/api/integrations/accounts', { appUrl: app.url, accountType: 'token', fields: {} });
    expect(res).toMatchObject({ status: 422, json: { name: 'integration.error/app-failed', data: { operation: 'info', appStatus: 200 } } });
    expect((res.json as { message: string }).message).toMatch(/\/authentication/);
  });

  it('AUTH-013 AUTH-014 stores the tokens /validate returns when the account is added', async () => {
    app.on('POST', '/validate', json(200, { name: 'Ada', access_token: 'new-access', refresh_token: 'new-refresh', expires_on: '2031-01-01T00:00:00.000Z' }));
    const account = await add({ access_token: 'old-access', refresh_token: 'old-refresh' });
    expect(await storedFields(account.id)).toEqual({ access_token: 'new-access', refresh_token: 'new-refresh', expire_on: '2031-01-01T00:00:00.000Z' });
  });

  it('AUTH-008 AUTH-009 AUTH-013 AUTH-014 refreshAccount validates before an action and stores the refreshed tokens', async () => {
    const account = await add({ access_token: 'a1', refresh_token: 'r1', expire_on: '2030-01-01T00:00:00.000Z' });
    app.requests.length = 0;
    app.on('POST', '/validate', json(200, { name: 'Ada', access_token: 'a2', expires_on: '2030-02-01T00:00:00.000Z' }));
    const fresh = await refreshAccount(context, await loadAccount(server.db, account.id));
    expect(app.calls('POST', '/validate')[0]?.json).toEqual({ id: 'token', fields: { access_token: 'a1', refresh_token: 'r1', expire_on: '2030-01-01T00:00:00.000Z' } });
    expect(fresh.fields).toEqual({ access_token: 'a2', refresh_token: 'r1', expire_on: '2030-02-01T00:00:00.000Z' });
    expect(fresh.name).toBe('Ada');
    expect(await storedFields(account.id)).toEqual(fresh.fields);
    // The next refresh sends the refreshed token; a returned refresh_token replaces the stored one.
    app.on('POST', '/validate', json(200, { name: 'Ada', access_token: 'a3', refresh_token: 'r2', expire_on: '2030-03-01' }));
    const again = await refreshAccount(context, fresh);
    expect(app.calls('POST', '/validate')[1]?.json).toMatchObject({ fields: { access_token: 'a2' } });
    expect(await storedFields(account.id)).toEqual({ access_token: 'a3', refresh_token: 'r2', expire_on: '2030-03-01' });
    expect(again.fields['access_token']).toBe('a3');
  });

  it('refreshAccount of a refused account is account-invalid and keeps the stored values', async () => {
    const account = await add({ access_token: 'keep' });
    app.on('POST', '/validate', json(401, { message: 'Token revoked.' }));
    await expect(refreshAccount(context, await loadAccount(server.db, account.id))).rejects.toMatchObject({ name: 'integration.error/account-invalid', message: 'The app refused the account: Token revoked.' });
    expect(await storedFields(account.id)).toEqual({ access_token: 'keep' });
  });

  it('APP-072 APP-073 APP-049 deletes an account after the app clean-up, with its sources', async () => {
    const account = await add({ token: 'to-revoke' });
    const sourceId = await insertSourceRow(server.db, { accountId: account.id, workspaceId: 'org_1' });
    await server.db.query("INSERT INTO integration_runs (source_id, trigger, status, started_at, stats) VALUES ($1, 'manual', 'succeeded', $2, '{}')", [sourceId, new Date().toISOString()]);
    app.on('DELETE', '/api/v1/account', json(200, {}));
    expect(await request('DELETE', `/api/integrations/accounts/${account.id}`)).toEqual({ status: 200, json: true });
    expect(app.calls('DELETE', '/api/v1/account').map((r) => r.json)).toEqual([{ token: 'to-revoke' }]);
    expect((await request('GET', `/api/integrations/accounts/${account.id}`)).status).toBe(404);
    expect((await server.db.query('SELECT id FROM integration_sources WHERE account_id = $1', [account.id])).rows).toEqual([]);
    expect((await server.db.query('SELECT id FROM integration_runs WHERE source_id = $1', [sourceId])).rows).toEqual([]);
    expect((await request('DELETE', `/api/integrations/accounts/${account.id}`)).status).toBe(404);
  });

  it('APP-ERR-006 a failed clean-up keeps the account and its sources (422 account-cleanup-failed)', async () => {
    const account = await add();
    await insertSourceRow(server.db, { accountId: account.id });
    app.on('DELETE', '/api/v1/account', json(500, { message: 'Could not revoke the token.' }));
    const res = await request('DELETE', `/api/integrations/accounts/${account.id}`);
    expect(res).toMatchObject({ status: 422, json: { name: 'integration.error/account-cleanup-failed', data: { operation: 'account', appStatus: 500 } } });
    expect((res.json as { message: string }).message).toContain('Could not revoke the token.');
    expect((await request('GET', `/api/integrations/accounts/${account.id}`)).status).toBe(200);
    expect((await server.db.query('SELECT id FROM integration_sources WHERE account_id = $1', [account.id])).rows).toHaveLength(1);
    // An app without the endpoint (404 or 405) lets the deletion proceed.
    app.on('DELETE', '/api/v1/account', json(405, {}));
    expect((await request('DELETE', `/api/integrations/accounts/${account.id}`)).status).toBe(200);
  });

  it('APP-ERR-006 an app that cannot be reached keeps the account', async () => {
    const gone = await startStubApp();
    gone.on('GET', '/', json(200, appInformation()));
    gone.on('POST', '/validate', json(200, { name: 'Soon gone' }));
    const res = await request('POST', '/api/integrations/accounts', { appUrl: gone.url, accountType: 'token', fields: {} });
    const account = res.json as IntegrationAccount;
    await gone.close();
    const failed = await request('DELETE', `/api/integrations/accounts/${account.id}`);
    expect(failed).toMatchObject({ status: 422, json: { name: 'integration.error/account-cleanup-failed', data: { operation: 'account' } } });
    expect((await request('GET', `/api/integrations/accounts/${account.id}`)).status).toBe(200);
  });

  it('needs the Architect access level', async () => {
    const { rows } = await server.db.query<{ user_id: string }>('SELECT user_id FROM api_tokens LIMIT 1');
    const editor = await issueToken(server.db, { accessLevel: 'editor', userId: rows[0]?.user_id as string, label: 'an editor' });
    expect(await request('GET', '/api/integrations/accounts', undefined, editor)).toMatchObject({ status: 403, json: { name: 'auth.error/forbidden' } });
  });
});
