/** AUTH-010: a token refresh through POST /validate answers the new access_token without its expire_on. */
import { defineFault } from '../fault.js';
import { APP_PATHS, isCall, jsonObject } from './support.js';

export default defineFault({
  id: 'app.validate-refresh-without-expiry',
  target: 'app',
  area: 'auth',
  breaks: 'AUTH-010',
  description: 'leaves expire_on (and expires_on) out of the POST /validate answers that refresh the token (those carrying a new access_token)',
  select: ['app.validate-refresh'],
  inbound: {
    response(res, req) {
      const body = jsonObject(res);
      if (!isCall(req, 'POST', APP_PATHS.validate) || res.status !== 200 || !body || body['access_token'] === undefined) return;
      delete body['expire_on'];
      delete body['expires_on'];
    },
  },
});
