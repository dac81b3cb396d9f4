/**
 * POST /oauth1/v1/authorize {callback_uri} answers {redirect_uri, token, secret}: an absolute
 * address to send the user to, and the request token and secret of the external system.
 * Skipped unless the app lists the account type `oauth`; an app that lists it must serve the
 * endpoint at /oauth1/v1/ (OAUTH-001, VER-005).
 */
import { randomBytes } from 'node:crypto';
import { expectJson, expectStatus, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { appPost } from './client.js';
import { expectContract } from './contract.js';
import { CALLBACK_URI, requireOAuth } from './oauth.js';
import { PATHS } from './session.js';

export default defineCheck({
  id: 'app.oauth1-authorize',
  name: 'POST /oauth1/v1/authorize {callback_uri} answers {redirect_uri, token, secret} with an absolute redirect_uri and a non-empty request token',
  level: 'MUST',
  area: 'oauth',
  requirements: ['OAUTH-004', 'VER-005', 'OAUTH-001'],
  target: 'app',
  async run(ctx) {
    await requireOAuth(ctx, 'oauth');
    const callback = `${CALLBACK_URI}?state=${randomBytes(12).toString('hex')}`;
    const what = 'starting an OAuth 1 authorization';
    const res = await appPost(ctx, PATHS.oauth1Authorize, { callback_uri: callback });
    expectStatus(res, 200, what);
    const body = expectContract(res, 'OAuth1AuthorizeResponse', expectJson(res, what), what);
    try {
      new URL(body.redirect_uri);
    } catch {
      fail(`${what}: redirect_uri ${JSON.stringify(body.redirect_uri)} is not an absolute address`, res);
    }
    if (body.token === '') fail(`${what}: the request token is empty`, res);
  },
});
