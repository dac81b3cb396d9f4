/** AUTH-006: the OAuth 2 account type is listed as `OAuth2` instead of `oauth2`. */
import { defineFault } from '../fault.js';
import { APP_PATHS, isCall, jsonObject, records } from './support.js';

export default defineFault({
  id: 'app.auth-oauth-id-variant',
  target: 'app',
  area: 'auth',
  breaks: 'AUTH-006',
  description: 'renames the account type oauth2 to "OAuth2" in GET / (OAuth account types are oauth and oauth2)',
  select: ['app.authentication'],
  inbound: {
    response(res, req) {
      const body = jsonObject(res);
      if (!isCall(req, 'GET', APP_PATHS.info) || !body) return;
      for (const entry of records(body['authentication'])) if (entry['id'] === 'oauth2') entry['id'] = 'OAuth2';
    },
  },
});
