/**
 * POST /oauth2/v1/authorize {callback_uri, state} answers {redirect_uri} whose query carries the
 * given state: a property over states. Skipped unless the app lists the account type `oauth2`;
 * an app that lists it must serve the endpoint at /oauth2/v1/ (OAUTH-001, VER-005).
 */
import { describeRequest, expectJson, expectStatus, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { checkProperty } from '../../property.js';
import { appPost } from './client.js';
import { expectContract } from './contract.js';
import { CALLBACK_URI, requireOAuth, states } from './oauth.js';
import { PATHS } from './session.js';

const RUNS = 20;

export default defineCheck({
  id: 'app.oauth2-authorize',
  name: 'POST /oauth2/v1/authorize {callback_uri, state} answers {redirect_uri} carrying the state as its query parameter `state`',
  level: 'MUST',
  area: 'oauth',
  requirements: ['OAUTH-008', 'VER-005', 'OAUTH-001'],
  target: 'app',
  async run(ctx) {
    await requireOAuth(ctx, 'oauth2');
    await checkProperty(
      ctx,
      states,
      async (state) => {
        const what = `starting an OAuth 2 authorization with the state ${JSON.stringify(state)}`;
        const res = await appPost(ctx, PATHS.oauth2Authorize, { callback_uri: CALLBACK_URI, state });
        expectStatus(res, 200, what);
        const body = expectContract(res, 'OAuth2AuthorizeResponse', expectJson(res, what), what);
        let url: URL;
        try {
          url = new URL(body.redirect_uri);
        } catch {
          fail(`${what}: redirect_uri ${JSON.stringify(body.redirect_uri)} is not an absolute address`, res);
        }
        if (url.searchParams.get('state') !== state) {
          fail(`${what}: the query parameter state of redirect_uri is ${JSON.stringify(url.searchParams.get('state'))}, not the given state (${describeRequest(res)} answered ${body.redirect_uri})`, res);
        }
      },
      { numRuns: Math.min(ctx.fastCheck.numRuns, RUNS) },
    );
  },
});
