/**
 * APP-050: account clean-up answers 500 instead of 200. The fault answers in the app's place
 * (the request is not forwarded), so no account is revoked in the app behind the proxy.
 */
import { defineFault } from '../fault.js';
import { APP_PATHS, isCall } from './support.js';

export default defineFault({
  id: 'app.delete-account-fails',
  target: 'app',
  area: 'app',
  breaks: 'APP-050',
  description: 'answers DELETE /api/v1/account with 500 {message} (checked only with destructive: true)',
  select: ['app.delete-account'],
  inbound: {
    reply(req) {
      if (!isCall(req, 'DELETE', APP_PATHS.account)) return;
      const body = Buffer.from(JSON.stringify({ message: 'Could not revoke the token.' }), 'utf8');
      return { status: 500, headers: { 'content-type': 'application/json; charset=utf-8' }, body };
    },
  },
});
