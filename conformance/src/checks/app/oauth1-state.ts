/**
 * OAuth 1 keeps the `state` query parameter of `callback_uri`: the address the external system
 * calls back must carry it. Seen either in the redirect_uri itself (a callback passed along), or,
 * when the redirect_uri is on the app's own host (an authorization page the app serves, as the
 * mock app does), in that page or the redirects it answers (up to three hops on that host).
 * Skipped when the redirect_uri leads to another host without carrying the callback: what the
 * external system calls back cannot be seen from here.
 */
import { randomBytes } from 'node:crypto';
import { expectJson, expectStatus, fail } from '../../assert.js';
import { CheckSkipped, defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { appPost, getAbsolute } from './client.js';
import { CALLBACK_URI, carriesState, requireOAuth } from './oauth.js';
import { PATHS } from './session.js';

const HOPS = 3;

function sameHost(a: URL, b: URL): boolean {
  return a.protocol === b.protocol && a.host === b.host;
}

export default defineCheck({
  id: 'app.oauth1-state',
  name: 'POST /oauth1/v1/authorize keeps the state of callback_uri in what the external system calls back (seen in redirect_uri or the app-hosted page it leads to)',
  level: 'MUST',
  area: 'oauth',
  requirements: ['OAUTH-003'],
  target: 'app',
  async run(ctx) {
    await requireOAuth(ctx, 'oauth');
    const state = randomBytes(12).toString('hex');
    const what = `starting an OAuth 1 authorization with callback_uri ${CALLBACK_URI}?state=${state}`;
    const res = await appPost(ctx, PATHS.oauth1Authorize, { callback_uri: `${CALLBACK_URI}?state=${state}` });
    expectStatus(res, 200, what);
    const body = expectJson(res, what);
    const redirect = isRecord(body) && typeof body['redirect_uri'] === 'string' ? body['redirect_uri'] : undefined;
    if (redirect === undefined) fail(`${what}: the answer has no redirect_uri (see app.oauth1-authorize)`, res);
    if (carriesState(redirect, state)) return;

    const app = new URL(`${ctx.baseUrl}/`);
    let url: URL;
    try {
      url = new URL(redirect);
    } catch {
      fail(`${what}: redirect_uri ${JSON.stringify(redirect)} is not an absolute address`, res);
    }
    if (!sameHost(url, app)) {
      throw new CheckSkipped(`redirect_uri leads to another host (${url.host}) and does not carry the callback: whether the external system calls back with the state cannot be seen from here`);
    }
    let last = res;
    for (let hop = 0; hop < HOPS; hop += 1) {
      const page = await getAbsolute(ctx, url.href);
      last = page;
      const location = page.headers['location'];
      if (carriesState(page.text, state) || (location !== undefined && carriesState(location, state))) return;
      if (page.status < 300 || page.status > 399 || location === undefined) break;
      const next = new URL(location, url);
      if (!sameHost(next, app)) break;
      url = next;
    }
    fail(
      `${what}: the state is lost: neither redirect_uri (${redirect}) nor the page it leads to on the app's host carries a callback with state=${state}`,
      last,
    );
  },
});
