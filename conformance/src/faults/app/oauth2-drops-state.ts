/** OAUTH-008: the OAuth 2 redirect_uri loses the given state. */
import { defineFault } from '../fault.js';
import { APP_PATHS, isCall, jsonObject } from './support.js';

export default defineFault({
  id: 'app.oauth2-drops-state',
  target: 'app',
  area: 'oauth',
  breaks: 'OAUTH-008',
  description: 'takes the query parameter state off the redirect_uri of POST /oauth2/v1/authorize',
  select: ['app.oauth2-authorize'],
  inbound: {
    response(res, req) {
      const body = jsonObject(res);
      if (!isCall(req, 'POST', APP_PATHS.oauth2Authorize) || !body || typeof body['redirect_uri'] !== 'string') return;
      try {
        const url = new URL(body['redirect_uri']);
        url.searchParams.delete('state');
        body['redirect_uri'] = url.href;
      } catch {
        // not an address: nothing to take the state off
      }
    },
  },
});
