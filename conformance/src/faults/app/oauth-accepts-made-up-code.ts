/** OAUTH-012: the OAuth access-token steps hand out tokens for a made-up code (or request token and verifier). */
import { defineFault } from '../fault.js';
import { answerJson, APP_PATHS, isCall } from './support.js';

export default defineFault({
  id: 'app.oauth-accepts-made-up-code',
  target: 'app',
  area: 'oauth',
  breaks: 'OAUTH-012',
  description: 'answers the refusals of POST /oauth2/v1/access_token and /oauth1/v1/access_token with 200 and an access token',
  select: ['app.oauth-access-token-refused'],
  inbound: {
    response(res, req) {
      if ((isCall(req, 'POST', APP_PATHS.oauth2AccessToken) || isCall(req, 'POST', APP_PATHS.oauth1AccessToken)) && res.status >= 400) {
        answerJson(res, 200, { access_token: 'svc-fault-access', refresh_token: 'svc-fault-refresh', expires_on: new Date(Date.now() + 3_600_000).toISOString() });
      }
    },
  },
});
