/**
 * OAUTH-010: the OAuth 2 access-token step answers tokens that do not authenticate (not the ones
 * the external system issued: neither the access_token nor the refresh_token works). The authorization pages are moved onto the proxy so
 * that the suite can complete the flow through it (support.ts, movePagesOntoProxy).
 */
import { defineFault } from '../fault.js';
import { APP_PATHS, isCall, jsonObject, movePagesOntoProxy } from './support.js';

export default defineFault({
  id: 'app.oauth-access-token-unusable',
  target: 'app',
  area: 'oauth',
  breaks: 'OAUTH-010',
  description: 'answers the OAuth 2 access-token step with an access_token and a refresh_token the app does not know, so the data it answers cannot authenticate',
  select: ['app.oauth-access-token'],
  inbound: {
    response(res, req) {
      movePagesOntoProxy(res, req);
      const body = jsonObject(res);
      if (!isCall(req, 'POST', APP_PATHS.oauth2AccessToken) || res.status !== 200 || !body) return;
      for (const key of ['access_token', 'refresh_token']) if (typeof body[key] === 'string') body[key] = `svc-fault-${body[key]}`;
    },
  },
});
