/**
 * Fault: a failed delivery is tried again only once: after the receiver answered two attempts of
 * a delivery with a non-2xx status, the server's later attempts never reach it (the proxy answers
 * them 200 itself).
 */
import { defineFault } from '../fault.js';
import { isDelivery, jsonAnswer } from './support.js';

const GIVES_UP_AFTER = 2;

export default defineFault({
  id: 'server.webhook-skip-retry',
  target: 'server',
  area: 'webhooks',
  breaks: 'WH-031',
  description: 'gives up a delivery after its second failed attempt (one retry, then the later attempts never reach the receiver)',
  select: ['webhooks.retries'],
  outbound: {
    reply(req, state) {
      if (isDelivery(req) && Number(state.get(`failed ${req.headers['webhook-id'] ?? ''}`) ?? 0) >= GIVES_UP_AFTER) return jsonAnswer(200, { ok: true });
    },
    response(res, req, state) {
      if (!isDelivery(req) || (res.status >= 200 && res.status <= 299)) return;
      const key = `failed ${req.headers['webhook-id'] ?? ''}`;
      state.set(key, Number(state.get(key) ?? 0) + 1);
    },
  },
});
