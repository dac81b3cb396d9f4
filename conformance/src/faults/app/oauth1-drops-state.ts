/**
 * OAUTH-003: OAuth 1 loses the state of callback_uri: the query of callback_uri is cut off
 * before the app keeps it, so the external system calls back without the state. The
 * redirect_uri (the external system's page, which the mock app serves on its own host) is moved
 * onto the address the suite called, so that the suite can follow it through the proxy and see
 * the callback it leads to (support.ts, movePagesOntoProxy).
 */
import { defineFault } from '../fault.js';
import { APP_PATHS, isCall, movePagesOntoProxy, requestBody } from './support.js';

function withoutQuery(address: string): string {
  try {
    const url = new URL(address);
    url.search = '';
    return url.href;
  } catch {
    return address;
  }
}

export default defineFault({
  id: 'app.oauth1-drops-state',
  target: 'app',
  area: 'oauth',
  breaks: 'OAUTH-003',
  description: 'cuts the query (and its state) off the callback_uri of POST /oauth1/v1/authorize, so that the external system calls back without the state',
  select: ['app.oauth1-state'],
  inbound: {
    request(req) {
      const body = requestBody(req);
      if (isCall(req, 'POST', APP_PATHS.oauth1Authorize) && typeof body['callback_uri'] === 'string') body['callback_uri'] = withoutQuery(body['callback_uri']);
    },
    response: movePagesOntoProxy,
  },
});
