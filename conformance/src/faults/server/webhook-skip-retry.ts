/**
 * Fault: a failed delivery is not tried again: once the receiver answered an attempt with a
 * non-2xx status, the server's later attempts of that delivery never reach it (the proxy answers
 * them 200 itself).
 */
import { defineFault } from '../fault.js';
import { isDelivery, jsonAnswer } from './support.js';

export default defineFault({
  id: 'server.webhook-skip-retry',
  target: 'server',
  area: 'webhooks',
  breaks: 'WH-031',
  description: 'gives up a delivery after its first failed attempt (the retries never reach the receiver)',
  select: ['webhooks.retries'],
  outbound: {
    reply(req, state) {
      if (isDelivery(req) && state.has(`failed ${req.headers['webhook-id'] ?? ''}`)) return jsonAnswer(200, { ok: true });
    },
    response(res, req, state) {
      if (isDelivery(req) && (res.status < 200 || res.status > 299)) state.set(`failed ${req.headers['webhook-id'] ?? ''}`, true);
    },
  },
});
