/**
 * Fault: the integration account is validated with the app only when it is added, never again
 * before a run uses it (later /validate calls are answered from the first answer, not forwarded).
 */
import { defineFault, type ProxiedRequest, type ProxiedResponse } from '../fault.js';
import { isAppCall } from './support.js';

/** One first answer per app (the checks start an app of their own). */
function key(req: ProxiedRequest): string {
  return `validate ${req.url === undefined ? '' : new URL(req.url).origin}`;
}

export default defineFault({
  id: 'server.auth-validate-once',
  target: 'server',
  area: 'auth',
  breaks: 'AUTH-008',
  description: 'calls the app\'s POST /validate only when an account is added, not before a sync run uses the account (later calls never reach the app)',
  select: ['sync.data-requests'],
  outbound: {
    reply(req, state) {
      if (!isAppCall(req, '/validate')) return;
      const first = state.get(key(req)) as ProxiedResponse | undefined;
      if (first) return { ...first, headers: { ...first.headers } };
    },
    response(res, req, state) {
      if (isAppCall(req, '/validate') && res.status === 200 && !state.has(key(req))) state.set(key(req), { ...res, body: Buffer.from(res.body) });
    },
  },
});
