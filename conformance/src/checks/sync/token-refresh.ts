import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { lastResponse, withIntegration } from './integration.js';
import { APP_PATHS, bodyOf, requestsTo } from './mock.js';
import { sessionScenario } from './scenarios.js';

const SEED = { access_token: 'at-conformance-seed', refresh_token: 'rt-conformance-seed' };

const SCENARIO = sessionScenario('An account of access and refresh tokens, refreshed through /validate.', SEED);

function accessTokens(bodies: Array<Record<string, unknown>>): string[] {
  return bodies.map((b) => (isRecord(b['account']) ? String(b['account']['access_token']) : '(none)'));
}

export default defineCheck({
  id: 'sync.token-refresh',
  name:
    'Before a run uses the account, /validate is called with {id, fields: {access_token, refresh_token, expire_on}}; the new access_token (and expire_on) it answers are stored and sent to the ' +
    'synchronizer endpoints, so a run succeeds after every earlier access token expired',
  level: 'MUST',
  area: 'auth',
  requirements: ['AUTH-008', 'AUTH-009', 'AUTH-012', 'AUTH-013'],
  target: 'server',
  async run(ctx) {
    await withIntegration(ctx, SCENARIO, { accountType: 'session', fields: SEED }, async (it) => {
      const before = accessTokens(requestsTo(it.app, APP_PATHS.data).map((r) => bodyOf(r, 'a data request')));
      it.app.fail({ kind: 'expiredToken' });
      it.app.clearRequests();
      await it.sync('a sync after every access token issued so far expired');
      const validate = requestsTo(it.app, APP_PATHS.validate);
      const data = requestsTo(it.app, APP_PATHS.data);
      if (validate.length === 0 || (data[0] && (validate[0]?.at ?? Infinity) > data[0].at)) fail('AUTH-008: the run did not call /validate before asking data', lastResponse(ctx));
      const fields = bodyOf(validate[0]!, 'AUTH-009 the validate request')['fields'];
      if (!isRecord(fields) || typeof fields['access_token'] !== 'string' || typeof fields['refresh_token'] !== 'string') {
        fail(`AUTH-009: the validate request of the run should carry fields {access_token, refresh_token, expire_on}; it carried ${JSON.stringify(fields)}`, lastResponse(ctx));
      }
      if (typeof fields['expire_on'] !== 'string' && typeof fields['expires_on'] !== 'string') {
        fail(`AUTH-009/AUTH-013: the app answered expire_on at the earlier refresh; the next validate request should carry it back, it carried ${JSON.stringify(fields)}`, lastResponse(ctx));
      }
      const now = accessTokens(data.map((r) => bodyOf(r, 'a data request')));
      const stale = now.filter((token) => token === SEED.access_token || before.includes(token));
      if (now.length === 0 || stale.length > 0) {
        fail(`AUTH-013: after the refresh the data requests should carry the new access_token; they carried ${JSON.stringify(now)} (tokens used before the expiry: ${JSON.stringify([SEED.access_token, ...before])})`, lastResponse(ctx));
      }
    });
  },
});
