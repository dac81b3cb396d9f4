// OAuth account set-up against a stub app: OAuth 1 and OAuth 2 from authorize to the callback
// (state preserved, request token kept, access-token step, /validate, account stored), the state
// used once and valid 10 minutes, the callback's own query checks, and the app's failures.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../generated/service/types.js';
import type { RunningServer } from '../src/index.js';
import { OAUTH_STATE_LIFETIME_MS } from '../src/integrations/oauth/states.js';
import { appInformation, integrationServerOptions, json, sendJson, startStubApp, type StubApp } from './integrations-app-stub.js';
import { startTestServer, storages } from './storages.js';

type OAuthStart = components['schemas']['OAuthStart'];
type IntegrationAccount = components['schemas']['IntegrationAccount'];

const OAUTH_APP = appInformation([
  { id: 'oauth', name: 'OAuth 1' },
  { id: 'oauth2', name: 'OAuth 2' },
]);

describe.each(storages)('OAuth set-up on $name', (storage) => {
  let server: RunningServer;
  let app: StubApp;

  const request = async (method: string, path: string, body?: unknown, withToken = true): Promise<{ status: number; json: unknown }> => {
    const res = await fetch(server.baseUrl + path, {
      method,
      headers: { ...(withToken ? { authorization: `Token ${server.token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      redirect: 'manual',
    });
    const text = await res.text();
    return { status: res.status, json: text ? (JSON.parse(text) as unknown) : undefined };
  };
  const start = async (accountType: 'oauth' | 'oauth2'): Promise<OAuthStart> => {
    const res = await request('POST', '/api/integrations/oauth/authorize', { appUrl: app.url, accountType });
    if (res.status !== 200) throw new Error(`start failed (${res.status}): ${JSON.stringify(res.json)}`);
    return res.json as OAuthStart;
  };
  /** The callback as the browser calls it: no token. */
  const callback = (query: Record<string, string>) => request('GET', `/api/integrations/oauth/callback?${new URLSearchParams(query).toString()}`, undefined, false);

  const defaults = () => {
    app.requests.length = 0;
    app.on('GET', '/', json(200, OAUTH_APP));
    app.on('POST', '/oauth1/v1/authorize', (req, res) => {
      const callbackUri = (req.json as { callback_uri: string }).callback_uri;
      const state = new URL(callbackUri).searchParams.get('state') ?? '';
      sendJson(res, 200, { redirect_uri: `https://tracker.example/oauth/authorize?oauth_token=req-token&state=${state}`, token: 'req-token', secret: 'req-secret' });
    });
    app.on('POST', '/oauth1/v1/access_token', json(200, { access_token: 'acc-1', access_secret: 'acc-secret-1', refresh_token: 'ref-1', expires_on: '2031-01-01T00:00:00.000Z' }));
    app.on('POST', '/oauth2/v1/authorize', (req, res) => {
      const { callback_uri: callbackUri, state } = req.json as { callback_uri: string; state: string };
      sendJson(res, 200, { redirect_uri: `https://tracker.example/oauth2/authorize?client_id=svc&state=${state}&redirect_uri=${encodeURIComponent(callbackUri)}` });
    });
    app.on('POST', '/oauth2/v1/access_token', json(200, { access_token: 'acc-2', refresh_token: 'ref-2', expires_on: '2031-02-01T00:00:00.000Z' }));
    app.on('POST', '/validate', json(200, { name: 'Ada via OAuth' }));
  };

  beforeAll(async () => {
    app = await startStubApp();
    defaults();
    server = await startTestServer(storage, integrationServerOptions());
  });
  afterEach(defaults);
  afterAll(async () => {
    await server?.close();
    await app?.close();
  });

  it('OAUTH-002 OAUTH-005 OAuth 1: callback_uri carries the state, the request token and secret come back on the callback', async () => {
    const started = await start('oauth');
    expect(started.state).toMatch(/^[0-9a-f]{32}$/);
    expect(started.callbackUri).toBe(`${server.baseUrl}/api/integrations/oauth/callback?state=${started.state}`);
    expect(started.redirectUri).toBe(`https://tracker.example/oauth/authorize?oauth_token=req-token&state=${started.state}`);
    expect(app.calls('POST', '/oauth1/v1/authorize').map((r) => r.json)).toEqual([{ callback_uri: started.callbackUri }]);

    const done = await callback({ state: started.state, oauth_token: 'req-token', oauth_verifier: 'verifier-9' });
    expect(done.status).toBe(201);
    const account = done.json as IntegrationAccount;
    expect(account).toMatchObject({ appUrl: app.url, accountType: 'oauth', name: 'Ada via OAuth', appName: 'Stub tracker' });
    expect([...account.fieldNames].sort()).toEqual(['access_secret', 'access_token', 'expires_on', 'refresh_token']);
    expect(app.calls('POST', '/oauth1/v1/access_token').map((r) => r.json)).toEqual([
      { fields: { access_token: 'req-token', access_secret: 'req-secret', callback_uri: started.callbackUri }, oauth_verifier: 'verifier-9' },
    ]);
    // AUTH-008: validated with account type `oauth` before it is stored.
    expect(app.calls('POST', '/validate')[0]?.json).toMatchObject({ id: 'oauth', fields: { access_token: 'acc-1', refresh_token: 'ref-1', expires_on: '2031-01-01T00:00:00.000Z' } });
    expect((await request('GET', `/api/integrations/accounts/${account.id}`)).json).toEqual(account);
  });

  it('OAUTH-007 OAUTH-009 OAuth 2: {callback_uri, state}, then {fields: {callback_uri}, code}', async () => {
    const started = await start('oauth2');
    expect(started.callbackUri).toBe(`${server.baseUrl}/api/integrations/oauth/callback`);
    expect(app.calls('POST', '/oauth2/v1/authorize').map((r) => r.json)).toEqual([{ callback_uri: started.callbackUri, state: started.state }]);
    expect(new URL(started.redirectUri).searchParams.get('state')).toBe(started.state);
    const done = await callback({ state: started.state, code: 'c0de' });
    expect(done.status).toBe(201);
    expect(done.json).toMatchObject({ accountType: 'oauth2', name: 'Ada via OAuth' });
    expect(app.calls('POST', '/oauth2/v1/access_token').map((r) => r.json)).toEqual([{ fields: { callback_uri: started.callbackUri }, code: 'c0de' }]);
    expect(app.calls('POST', '/validate')[0]?.json).toEqual({ id: 'oauth2', fields: { access_token: 'acc-2', refresh_token: 'ref-2', expires_on: '2031-02-01T00:00:00.000Z', expire_on: '2031-02-01T00:00:00.000Z' } });
  });

  it('OAUTH-008 refuses an OAuth 2 redirect_uri that lost the state (422 app-failed), and a non-http one', async () => {
    app.on('POST', '/oauth2/v1/authorize', json(200, { redirect_uri: 'https://tracker.example/oauth2/authorize?client_id=svc' }));
    const lost = await request('POST', '/api/integrations/oauth/authorize', { appUrl: app.url, accountType: 'oauth2' });
    expect(lost).toMatchObject({ status: 422, json: { name: 'integration.error/app-failed', data: { operation: 'oauth2/authorize' } } });
    expect((lost.json as { message: string }).message).toMatch(/state/);
    app.on('POST', '/oauth1/v1/authorize', json(200, { redirect_uri: 'javascript:alert(1)', token: 't', secret: 's' }));
    const script = await request('POST', '/api/integrations/oauth/authorize', { appUrl: app.url, accountType: 'oauth' });
    expect(script).toMatchObject({ status: 422, json: { name: 'integration.error/app-failed', data: { operation: 'oauth1/authorize' } } });
  });

  it('uses a state once: a second callback is 400 oauth-state-invalid, and so is an unknown state', async () => {
    const started = await start('oauth2');
    expect((await callback({ state: started.state, code: 'c1' })).status).toBe(201);
    const again = await callback({ state: started.state, code: 'c1' });
    expect(again).toMatchObject({ status: 400, json: { name: 'integration.error/oauth-state-invalid', data: { field: 'state' } } });
    expect(app.calls('POST', '/oauth2/v1/access_token')).toHaveLength(1);
    expect((await callback({ state: 'f'.repeat(32), code: 'c1' })).json).toMatchObject({ name: 'integration.error/oauth-state-invalid' });
  });

  it('refuses a state older than 10 minutes', async () => {
    const started = await start('oauth');
    const old = new Date(Date.now() - OAUTH_STATE_LIFETIME_MS - 1_000).toISOString();
    await server.db.query('UPDATE integration_oauth_states SET created_at = $2 WHERE state = $1', [started.state, old]);
    const late = await callback({ state: started.state, oauth_verifier: 'v' });
    expect(late).toMatchObject({ status: 400, json: { name: 'integration.error/oauth-state-invalid', data: { field: 'state' } } });
    expect((late.json as { message: string }).message).toMatch(/expired/);
    expect(app.calls('POST', '/oauth1/v1/access_token')).toEqual([]);
  });

  it('checks the callback query itself: state required, bounded, given once; the code or verifier required', async () => {
    expect(await callback({ code: 'x' })).toMatchObject({ status: 400, json: { name: 'request.error/invalid-parameter', data: { field: 'state' } } });
    expect(await callback({ state: 's'.repeat(201) })).toMatchObject({ status: 400, json: { data: { field: 'state' } } });
    expect(await callback({ state: 'abc', code: 'c'.repeat(2001) })).toMatchObject({ status: 400, json: { data: { field: 'code' } } });
    const twice = await request('GET', '/api/integrations/oauth/callback?state=a&state=b', undefined, false);
    expect(twice).toMatchObject({ status: 400, json: { data: { field: 'state' } } });
    const started = await start('oauth2');
    const denied = await callback({ state: started.state, error: 'access_denied', error_description: 'The user said no' });
    expect(denied).toMatchObject({ status: 400, json: { name: 'request.error/invalid-parameter', data: { field: 'code' } } });
    expect((denied.json as { message: string }).message).toContain('"access_denied": The user said no');
  });

  it('OAUTH-012 an access-token step that fails, or an account that fails /validate, stores no account', async () => {
    const before = ((await request('GET', '/api/integrations/accounts')).json as unknown[]).length;
    app.on('POST', '/oauth2/v1/access_token', json(400, { error: 'The code expired.' }));
    const first = await start('oauth2');
    const failed = await callback({ state: first.state, code: 'old' });
    expect(failed).toMatchObject({ status: 422, json: { name: 'integration.error/app-failed', data: { operation: 'oauth2/access_token', appStatus: 400 } } });
    expect((failed.json as { message: string }).message).toContain('The code expired.');
    defaults();
    app.on('POST', '/validate', json(401, { message: 'The token has no access to any workspace.' }));
    const second = await start('oauth2');
    const invalid = await callback({ state: second.state, code: 'fine' });
    expect(invalid).toMatchObject({ status: 422, json: { name: 'integration.error/account-invalid' } });
    expect(((await request('GET', '/api/integrations/accounts')).json as unknown[]).length).toBe(before);
  });

  it('refuses to start OAuth with an app that does not list that version, or at a refused address', async () => {
    app.on('GET', '/', json(200, appInformation([{ id: 'oauth', name: 'OAuth 1' }])));
    const res = await request('POST', '/api/integrations/oauth/authorize', { appUrl: app.url, accountType: 'oauth2' });
    expect(res).toMatchObject({ status: 400, json: { name: 'integration.error/account-type-unknown', data: { field: 'accountType' } } });
    expect(app.calls('POST', '/oauth2/v1/authorize')).toEqual([]);
    const refused = await request('POST', '/api/integrations/oauth/authorize', { appUrl: 'http://192.168.1.1:9', accountType: 'oauth2' });
    expect(refused).toMatchObject({ status: 400, json: { name: 'integration.error/app-url-refused', data: { field: 'appUrl' } } });
    expect((await request('POST', '/api/integrations/oauth/authorize', { appUrl: app.url, accountType: 'oauth2' }, false)).status).toBe(401);
  });
});
