/**
 * Some apps write `expires_on` instead of `expire_on` in the token-refresh answer of /validate
 * (AUTH-014): with a front that renames the key in every /validate answer of the mock app, the
 * expiry the app answered must still be read and stored, so that the next /validate request
 * carries it back (as `expire_on`, or `expires_on`), next to the new access token.
 */
import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { lastResponse, withIntegration } from './integration.js';
import { APP_PATHS, bodyOf, requestsTo } from './mock.js';
import { startRewriteFront } from './rewrite-front.js';
import { sessionScenario } from './scenarios.js';

const SEED = { access_token: 'at-conformance-expires-on', refresh_token: 'rt-conformance-expires-on' };

const SCENARIO = sessionScenario('An account of access and refresh tokens, refreshed through /validate (whose answers a front rewrites to expires_on).', SEED);

interface Refresh {
  accessToken: string;
  expiry: string;
}

export default defineCheck({
  id: 'sync.token-refresh-expires-on',
  name:
    'A token-refresh answer of /validate that writes expires_on (not expire_on) is read: the next /validate request carries that expiry back, with the new access_token',
  level: 'SHOULD',
  area: 'auth',
  requirements: ['AUTH-014'],
  target: 'server',
  async run(ctx) {
    const refreshes: Refresh[] = [];
    const front = (appUrl: string) =>
      startRewriteFront(appUrl, (path, status, body) => {
        if (path !== APP_PATHS.validate || status !== 200 || !isRecord(body) || typeof body['expire_on'] !== 'string') return undefined;
        const { expire_on: expiry, ...rest } = body;
        refreshes.push({ accessToken: String(body['access_token']), expiry });
        return { ...rest, expires_on: expiry };
      });
    await withIntegration(ctx, SCENARIO, { accountType: 'session', fields: SEED, front }, async (it) => {
      await it.sync('a second sync, after the refreshes answered with expires_on');
      const validate = requestsTo(it.app, APP_PATHS.validate).map((r) => bodyOf(r, 'a /validate request'));
      if (refreshes.length === 0) fail('the mock app never refreshed the token through /validate: the check could not rename an expiry (a fault of the check or the mock app)', lastResponse(ctx));
      if (validate.length < 2) fail(`AUTH-014: expected a /validate request after the first refresh (adding the account and two syncs validate the account), got ${validate.length}`, lastResponse(ctx));
      // The i-th /validate answer was rewritten (refreshes[i]); request i+1 must carry its expiry.
      for (let i = 1; i < validate.length && i <= refreshes.length; i += 1) {
        const fields = validate[i]?.['fields'];
        const previous = refreshes[i - 1]!;
        const carried = isRecord(fields) ? (fields['expire_on'] ?? fields['expires_on']) : undefined;
        if (typeof carried !== 'string' || Date.parse(carried) !== Date.parse(previous.expiry)) {
          fail(
            `AUTH-014: the app's token-refresh answer said expires_on ${previous.expiry} (written expires_on, not expire_on); the next /validate request should carry that expiry back, ` +
              `it carried fields ${JSON.stringify(fields)}`,
            lastResponse(ctx),
          );
        }
        if (isRecord(fields) && fields['access_token'] !== previous.accessToken) {
          fail(`AUTH-014: the next /validate request should carry the access_token of the refresh (${previous.accessToken}), it carried ${JSON.stringify(fields['access_token'])}`, lastResponse(ctx));
        }
      }
    });
  },
});
