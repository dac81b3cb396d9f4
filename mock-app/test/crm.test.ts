// The CRM scenario: OAuth 1 and OAuth 2 round trips through the mock external system's pages
// (state preserved), access-token errors, token refresh through /validate, expired and revoked
// tokens, the logo redirect, and data of OAuth accounts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockApp, Scenario } from '../src/index.js';
import { loadScenario, startMockApp } from '../src/index.js';
import { allPages, call, dataRequest, post, scenarioPath, withApp } from './support.js';

const SCENARIO = scenarioPath('crm.yaml');
const CALLBACK = 'https://svc.example.org/api/integrations/oauth/callback';

type Tokens = {
  access_token: string;
  refresh_token: string;
  expires_on: string;
};

/** OAuth 2 up to the callback: authorize, follow redirect_uri to the external page, read the callback address. */
async function oauth2Callback(app: MockApp, state: string, decision?: string): Promise<URL> {
  const authorize = await post(app, '/oauth2/v1/authorize', { callback_uri: CALLBACK, state });
  expect(authorize.status).toBe(200);
  const redirect = (authorize.json as { redirect_uri: string }).redirect_uri;
  const page = await call(decision ? `${redirect}&decision=${decision}` : redirect, 'GET', '');
  expect(page.status).toBe(302);
  return new URL(page.headers.get('location') ?? '');
}

async function oauth2Tokens(app: MockApp): Promise<Tokens> {
  const back = await oauth2Callback(app, 'st-2');
  const exchange = await post(app, '/oauth2/v1/access_token', { fields: { callback_uri: CALLBACK }, code: back.searchParams.get('code') });
  expect(exchange.status).toBe(200);
  return exchange.json as Tokens;
}

/** OAuth 1 up to the callback: authorize, the external page, the callback address (and the request token and secret). */
async function oauth1Callback(app: MockApp, callbackUri: string): Promise<{ back: URL; token: string; secret: string }> {
  const authorize = await post(app, '/oauth1/v1/authorize', { callback_uri: callbackUri });
  expect(authorize.status).toBe(200);
  const { redirect_uri, token, secret } = authorize.json as { redirect_uri: string; token: string; secret: string };
  const page = await call(redirect_uri, 'GET', '');
  expect(page.status).toBe(302);
  return { back: new URL(page.headers.get('location') ?? ''), token, secret };
}

describe('crm scenario: OAuth', () => {
  let app: MockApp;
  beforeAll(async () => {
    app = await startMockApp({ scenario: SCENARIO });
  });
  afterAll(() => app.close());

  it('AUTH-006 AUTH-007 the OAuth account types are oauth (version 1) and oauth2 (version 2), one each', async () => {
    const info = (await call(app.url, 'GET', '/')).json as { authentication: { id: string; fields?: unknown }[] };
    expect(info.authentication.map((a) => a.id)).toEqual(['oauth2', 'oauth']);
  });

  it('APP-029 GET /logo redirects (302) to the logo address', async () => {
    const logo = await call(app.url, 'GET', '/logo');
    expect(logo.status).toBe(302);
    expect(logo.headers.get('location')).toBe(`${app.url}/files/logo.svg`);
    const svg = await call(logo.headers.get('location') ?? '', 'GET', '');
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
  });

  it('OAUTH-003 OAUTH-004 OAUTH-006 OAuth 1 round trip: state of callback_uri kept, the page returns oauth_token and oauth_verifier, access_token answers tokens', async () => {
    const { back, token, secret } = await oauth1Callback(app, `${CALLBACK}?state=abc123`);
    expect(token).toMatch(/\S/);
    expect(secret).toMatch(/\S/);
    expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
    expect(back.searchParams.get('state')).toBe('abc123');
    expect(back.searchParams.get('oauth_token')).toBe(token);
    const verifier = back.searchParams.get('oauth_verifier') ?? '';
    expect(verifier).toMatch(/\S/);
    const exchange = await post(app, '/oauth1/v1/access_token', { fields: { access_token: token, access_secret: secret, callback_uri: `${CALLBACK}?state=abc123` }, oauth_verifier: verifier });
    expect(exchange.status).toBe(200);
    const tokens = exchange.json as Tokens;
    expect(tokens.access_token).toMatch(/^at-/);
    expect(tokens.refresh_token).toMatch(/^rt-/);
    expect(Date.parse(tokens.expires_on)).toBeGreaterThan(Date.now());
    expect((await post(app, '/validate', { id: 'oauth', fields: tokens })).json).toMatchObject({ name: 'admin@crm-server.example.org' });
    const data = await post(app, '/api/v1/synchronizer/data', dataRequest('company', tokens));
    expect(data.status).toBe(200);
  });

  it('OAUTH-012 OAuth 1 access_token answers an error for a bad verifier, a bad secret, an unknown or reused request token', async () => {
    const { back, token, secret } = await oauth1Callback(app, `${CALLBACK}?state=s1`);
    const verifier = back.searchParams.get('oauth_verifier');
    const exchange = (fields: Record<string, unknown>, oauth_verifier: unknown) => post(app, '/oauth1/v1/access_token', { fields, oauth_verifier });
    for (const [fields, v] of [
      [{ access_token: token, access_secret: secret }, 'wrong-verifier'],
      [{ access_token: token, access_secret: 'wrong-secret' }, verifier],
      [{ access_token: 'unknown', access_secret: secret }, verifier],
    ] as const) {
      const answer = await exchange(fields, v);
      expect(answer.status).toBe(401);
      expect(answer.json).toEqual({ message: expect.stringMatching(/\S/) });
    }
    expect((await exchange({ access_token: token, access_secret: secret }, verifier)).status).toBe(200);
    expect((await exchange({ access_token: token, access_secret: secret }, verifier)).status).toBe(401);
  });

  it('OAUTH-012 OAuth 1 access_token refuses a request token the user has not authorized', async () => {
    const authorize = (await post(app, '/oauth1/v1/authorize', { callback_uri: CALLBACK })).json as { token: string; secret: string };
    const answer = await post(app, '/oauth1/v1/access_token', { fields: { access_token: authorize.token, access_secret: authorize.secret }, oauth_verifier: 'guess' });
    expect(answer.status).toBe(401);
    expect((answer.json as { message: string }).message).toMatch(/not authorized/);
  });

  it('OAUTH-008 OAUTH-010 OAuth 2 round trip: redirect_uri carries state, the page returns code and state, the code is exchanged once', async () => {
    const authorize = await post(app, '/oauth2/v1/authorize', { callback_uri: CALLBACK, state: 'xyz 789' });
    const redirect = new URL((authorize.json as { redirect_uri: string }).redirect_uri);
    expect(redirect.searchParams.get('state')).toBe('xyz 789');
    expect(redirect.searchParams.get('redirect_uri')).toBe(CALLBACK);
    const page = await call(redirect.href, 'GET', '');
    const back = new URL(page.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
    expect(back.searchParams.get('state')).toBe('xyz 789');
    const code = back.searchParams.get('code');
    expect(code).toMatch(/\S/);
    const exchange = await post(app, '/oauth2/v1/access_token', { fields: { callback_uri: CALLBACK }, code });
    expect(exchange.status).toBe(200);
    const tokens = exchange.json as Tokens;
    expect(tokens).toEqual({ access_token: expect.stringMatching(/^at-/), refresh_token: expect.stringMatching(/^rt-/), expires_on: expect.any(String) });
    expect((await post(app, '/validate', { id: 'oauth2', fields: { access_token: tokens.access_token } })).json).toEqual({ name: 'jane@crm.example.org' });
    const again = await post(app, '/oauth2/v1/access_token', { fields: { callback_uri: CALLBACK }, code });
    expect(again.status).toBe(401);
    expect((again.json as { message: string }).message).toMatch(/already/);
  });

  it('OAUTH-012 OAuth 2 access_token refuses an unknown code and a code of another callback address', async () => {
    expect((await post(app, '/oauth2/v1/access_token', { fields: { callback_uri: CALLBACK }, code: 'made-up' })).status).toBe(401);
    const back = await oauth2Callback(app, 'st-x');
    const other = await post(app, '/oauth2/v1/access_token', { fields: { callback_uri: 'https://evil.example.org/cb' }, code: back.searchParams.get('code') });
    expect(other.status).toBe(401);
  });

  it('the external pages send a denial back (OAuth 2 error=access_denied with state, OAuth 1 denied) and refuse unknown requests', async () => {
    const denied = await oauth2Callback(app, 'st-deny', 'deny');
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('state')).toBe('st-deny');
    expect(denied.searchParams.has('code')).toBe(false);
    const authorize = (await post(app, '/oauth1/v1/authorize', { callback_uri: `${CALLBACK}?state=q` })).json as { redirect_uri: string; token: string };
    const page = await call(`${authorize.redirect_uri}&decision=deny`, 'GET', '');
    const back = new URL(page.headers.get('location') ?? '');
    expect(back.searchParams.get('denied')).toBe(authorize.token);
    expect(back.searchParams.get('state')).toBe('q');
    expect((await call(app.url, 'GET', '/__external/oauth1/authorize?oauth_token=nope')).status).toBe(400);
    expect((await call(app.url, 'GET', `/__external/oauth2/authorize?state=never&redirect_uri=${encodeURIComponent(CALLBACK)}`)).status).toBe(400);
  });

  it('OAuth authorize refuses a callback_uri that is not an http(s) address', async () => {
    expect((await post(app, '/oauth2/v1/authorize', { callback_uri: 'javascript:alert(1)', state: 's' })).status).toBe(400);
    expect((await post(app, '/oauth1/v1/authorize', { callback_uri: 'not a url' })).status).toBe(400);
  });

  it('AUTH-010 AUTH-011 /validate refreshes a token: a new access_token, the refresh_token and expire_on; the old token stays usable', async () => {
    const tokens = await oauth2Tokens(app);
    const refreshed = await post(app, '/validate', { id: 'oauth2', fields: { access_token: tokens.access_token, refresh_token: tokens.refresh_token, expire_on: tokens.expires_on } });
    expect(refreshed.status).toBe(200);
    const body = refreshed.json as { name: string; access_token: string; refresh_token: string; expire_on: string };
    expect(body.name).toBe('jane@crm.example.org');
    expect(body.access_token).toMatch(/^at-/);
    expect(body.access_token).not.toBe(tokens.access_token);
    expect(body.refresh_token).toBe(tokens.refresh_token);
    expect(Date.parse(body.expire_on)).toBeGreaterThan(Date.now());
    expect((await post(app, '/api/v1/synchronizer/data', dataRequest('deal', { access_token: body.access_token }))).status).toBe(200);
    const seeded = await post(app, '/validate', { id: 'oauth2', fields: { access_token: 'crm-seed-access', refresh_token: 'crm-seed-refresh', expire_on: '2024-01-01' } });
    expect(seeded.json).toMatchObject({ name: 'seed@crm.example.org', access_token: expect.stringMatching(/^at-/) });
    const wrongType = await post(app, '/validate', { id: 'oauth', fields: { refresh_token: tokens.refresh_token } });
    expect(wrongType.status).toBe(401);
  });

  it('accounts without a token the app issued are refused (OAuth types accept no field values)', async () => {
    expect((await post(app, '/api/v1/synchronizer/data', dataRequest('deal', { access_token: 'forged' }))).status).toBe(401);
    expect((await post(app, '/validate', { id: 'oauth2', fields: {} })).status).toBe(401);
  });

  it('data pages of 4 contacts with an OAuth account reach every contact', async () => {
    const { pages, items } = await allPages(app, 'contact', { access_token: 'crm-seed-access' });
    expect(pages).toHaveLength(3);
    expect(items.map((i) => i.id)).toEqual(['C1', 'C2', 'C3', 'C4', 'C5', 'C6', 'C7', 'C8', 'C9', 'C10']);
  });
});

describe('crm scenario: expired, rotated and revoked tokens', () => {
  it('expiredToken: synchronizer endpoints answer 401 token expired until /validate has refreshed the token', async () => {
    await withApp({ scenario: SCENARIO }, async (app) => {
      const tokens = await oauth2Tokens(app);
      const data = () => post(app, '/api/v1/synchronizer/data', dataRequest('company', { access_token: current }));
      let current = tokens.access_token;
      expect((await data()).status).toBe(200);
      app.fail({ kind: 'expiredToken' });
      const expired = await data();
      expect(expired.status).toBe(401);
      expect(expired.json).toEqual({ message: 'token expired' });
      expect((await data()).status).toBe(401);
      expect((await post(app, '/validate', { id: 'oauth2', fields: { access_token: current } })).json).toEqual({ message: 'token expired' });
      const refreshed = await post(app, '/validate', { id: 'oauth2', fields: { access_token: current, refresh_token: tokens.refresh_token, expire_on: tokens.expires_on } });
      current = (refreshed.json as { access_token: string }).access_token;
      expect((await data()).status).toBe(200);
    });
  });

  it('expiredToken in the scenario expires the seeded tokens from the start', async () => {
    const scenario: Scenario = { ...loadScenario(SCENARIO), failures: [{ kind: 'expiredToken' }] };
    await withApp({ scenario }, async (app) => {
      const data = await post(app, '/api/v1/synchronizer/data', dataRequest('company', { access_token: 'crm-seed-access' }));
      expect(data.json).toEqual({ message: 'token expired' });
    });
  });

  it('rotateRefreshToken: a refresh answers a new refresh_token and the old one stops working', async () => {
    const base = loadScenario(SCENARIO);
    const scenario: Scenario = { ...base, accountTypes: base.accountTypes.map((t) => (t.id === 'oauth2' ? { ...t, oauth: { ...t.oauth, rotateRefreshToken: true } } : t)) };
    await withApp({ scenario }, async (app) => {
      const tokens = await oauth2Tokens(app);
      const first = (await post(app, '/validate', { id: 'oauth2', fields: { refresh_token: tokens.refresh_token } })).json as Tokens;
      expect(first.refresh_token).not.toBe(tokens.refresh_token);
      expect((await post(app, '/validate', { id: 'oauth2', fields: { refresh_token: tokens.refresh_token } })).status).toBe(401);
      expect((await post(app, '/validate', { id: 'oauth2', fields: { refresh_token: first.refresh_token } })).status).toBe(200);
    });
  });

  it('APP-050 a successful account deletion revokes the account token and its refresh token', async () => {
    await withApp({ scenario: SCENARIO }, async (app) => {
      const tokens = await oauth2Tokens(app);
      expect((await call(app.url, 'DELETE', '/api/v1/account', tokens)).status).toBe(200);
      expect((await post(app, '/api/v1/synchronizer/data', dataRequest('company', tokens))).status).toBe(401);
      expect((await post(app, '/validate', { id: 'oauth2', fields: tokens })).status).toBe(401);
    });
  });
});
