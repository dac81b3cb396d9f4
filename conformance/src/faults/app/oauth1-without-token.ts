/** OAUTH-004: POST /oauth1/v1/authorize answers without the request token. */
import { defineFault } from '../fault.js';
import { APP_PATHS, isCall, jsonObject } from './support.js';

export default defineFault({
  id: 'app.oauth1-without-token',
  target: 'app',
  area: 'oauth',
  breaks: 'OAUTH-004',
  description: 'leaves the request token out of the answer of POST /oauth1/v1/authorize ({redirect_uri, secret} only)',
  select: ['app.oauth1-authorize'],
  inbound: {
    response(res, req) {
      const body = jsonObject(res);
      if (isCall(req, 'POST', APP_PATHS.oauth1Authorize) && res.status === 200 && body) delete body['token'];
    },
  },
});
