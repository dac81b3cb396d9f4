/**
 * Token refresh through POST /validate (AUTH-009 to AUTH-011): with an account holding a
 * `refresh_token` (the answer of an OAuth access-token step completed through HTTP alone,
 * oauth-flow.ts, else the run's account: at an app that rotates refresh tokens this uses up the
 * run's one, so the check runs late), POST /validate {id, fields: {..., access_token,
 * refresh_token, expire_on}} (an expiry in the past, as when the service refreshes an expired
 * token). When the app refreshes (its answer carries an access_token), the answer carries `name`,
 * the new `access_token` and its `expire_on` (a date or timestamp; `expires_on`, which some apps
 * write, is read too and noted), and the new access token authenticates on its own: POST
 * /validate with it and without the refresh token answers 200. Skipped when no refresh token can
 * be had, or when the app validates without refreshing.
 */
import { describeRequest, expectJson, fail } from '../../assert.js';
import { CheckSkipped, defineCheck, isCheckSkipped, type CheckContext } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { appPost } from './client.js';
import { expectContract } from './contract.js';
import { listedOAuth } from './oauth.js';
import { completeOAuth, isDateOrTimestamp } from './oauth-flow.js';
import { PATHS, startSession } from './session.js';

interface Refreshable {
  id: string;
  fields: Record<string, unknown>;
  from: string;
}

/**
 * An account to refresh: from an OAuth flow first (tokens of its own, so the run's account is left
 * alone), else the run's account when it holds a refresh_token; or why there is none.
 */
async function refreshable(ctx: CheckContext): Promise<Refreshable | string> {
  const notes: string[] = [];
  for (const version of await listedOAuth(ctx)) {
    const n = version === 'oauth2' ? 2 : 1;
    const flow = await completeOAuth(ctx, version);
    if (!flow.ok) {
      notes.push(`OAuth ${n}: ${flow.reason}`);
      continue;
    }
    const body = flow.res.json;
    if (flow.res.status !== 200 || !isRecord(body)) {
      notes.push(`OAuth ${n}: the access-token step answered ${flow.res.status} (see app.oauth-access-token)`);
      continue;
    }
    if (typeof body['refresh_token'] === 'string' && body['refresh_token'] !== '') return { id: version, fields: body, from: `the OAuth ${n} access-token step` };
    notes.push(`OAuth ${n}: the access-token step answered no refresh_token`);
  }
  const session = await startSession(ctx).catch((error: unknown) => {
    if (!isCheckSkipped(error)) throw error;
    notes.push(`the run's account: ${error.message}`);
    return undefined;
  });
  if (session !== undefined) {
    if (typeof session.account['refresh_token'] === 'string' && session.account['refresh_token'] !== '') {
      return { id: session.entry.id, fields: session.account, from: `the run's account (type ${session.entry.id})` };
    }
    notes.push("the run's account holds no refresh_token");
  }
  return notes.join('; ');
}

export default defineCheck({
  id: 'app.validate-refresh',
  name:
    'POST /validate {id, fields: {access_token, refresh_token, expire_on}} that refreshes the token answers {name, access_token (new), expire_on (a date or timestamp)}, and the new access token authenticates on its own',
  level: 'MUST',
  area: 'auth',
  requirements: ['AUTH-010', 'AUTH-011'],
  target: 'app',
  async run(ctx) {
    const account = await refreshable(ctx);
    if (typeof account === 'string') throw new CheckSkipped(`no refresh token to refresh with (${account}); an app without token refresh has nothing to check here`);
    const expired = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    const fields = { ...account.fields, expire_on: expired };
    const what = `refreshing the token of ${account.from} through POST /validate {id: "${account.id}", fields: {access_token, refresh_token, expire_on: ${expired}}}`;
    const res = await appPost(ctx, PATHS.validate, { id: account.id, fields });
    if (res.status !== 200) fail(`${what}: expected status 200 from ${describeRequest(res)}, got ${res.status}`, res);
    const body = expectContract(res, 'ValidateResponse', expectJson(res, what), what);
    if (body.name.trim() === '') fail(`${what}: "name" is empty`, res);
    if (body.access_token === undefined) throw new CheckSkipped(`${what}: the app answered {name} without an access_token: it validated without refreshing`);
    if (body.access_token.trim() === '') fail(`${what}: the new access_token is empty`, res);
    const expiry = body.expire_on ?? body.expires_on;
    if (expiry === undefined) fail(`${what}: the answer carries a new access_token but no expire_on: the service needs the new token's expiry`, res);
    if (!isDateOrTimestamp(expiry)) fail(`${what}: expire_on ${JSON.stringify(expiry)} is not a date or timestamp`, res);
    if (body.expire_on === undefined) ctx.log(`${what}: the expiry is written expires_on (the contract says expire_on; the service reads both)`);
    if (body.access_token === account.fields['access_token']) ctx.log(`${what}: the access_token answered is the one sent`);

    const { refresh_token: _dropped, ...rest } = account.fields;
    const again = `authenticating with the refreshed access_token alone (POST /validate {id: "${account.id}", fields without refresh_token})`;
    const check = await appPost(ctx, PATHS.validate, { id: account.id, fields: { ...rest, access_token: body.access_token, expire_on: expiry } });
    if (check.status !== 200) fail(`${again}: expected status 200 from ${describeRequest(check)}, got ${check.status}: the new access_token does not authenticate`, check);
  },
});
