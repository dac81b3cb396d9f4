/**
 * The access-token steps refuse what cannot be a valid authorization: POST /oauth2/v1/access_token
 * with a made-up code, POST /oauth1/v1/access_token with a made-up request token and verifier,
 * each answered with an error status. Run for the OAuth versions the app lists; skipped if none.
 */
import { randomBytes } from 'node:crypto';
import { CheckSkipped, defineCheck } from '../../check.js';
import { appPost } from './client.js';
import { expectErrorStatus } from './errors.js';
import { CALLBACK_URI, listedOAuth } from './oauth.js';
import { PATHS } from './session.js';

export default defineCheck({
  id: 'app.oauth-access-token-refused',
  name: 'POST /oauth2/v1/access_token with a made-up code and POST /oauth1/v1/access_token with a made-up token and verifier answer an error status',
  level: 'MUST',
  area: 'oauth',
  requirements: ['OAUTH-012'],
  target: 'app',
  async run(ctx) {
    const versions = await listedOAuth(ctx);
    if (versions.length === 0) throw new CheckSkipped('the app lists no oauth or oauth2 account type');
    const bogus = (): string => `svc-conformance-bogus-${randomBytes(8).toString('hex')}`;
    if (versions.includes('oauth2')) {
      const res = await appPost(ctx, PATHS.oauth2AccessToken, { fields: { callback_uri: CALLBACK_URI }, code: bogus() });
      expectErrorStatus(res, 'finishing an OAuth 2 authorization with a made-up code');
    }
    if (versions.includes('oauth')) {
      const callback = `${CALLBACK_URI}?state=${randomBytes(8).toString('hex')}`;
      const res = await appPost(ctx, PATHS.oauth1AccessToken, { fields: { access_token: bogus(), access_secret: bogus(), callback_uri: callback }, oauth_verifier: bogus() });
      expectErrorStatus(res, 'finishing an OAuth 1 authorization with a made-up request token and verifier');
    }
  },
});
