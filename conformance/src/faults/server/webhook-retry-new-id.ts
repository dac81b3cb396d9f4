/** Fault: a retried delivery carries a new webhook-id, so the receiver cannot tell it is the same message. */
import { defineFault } from '../fault.js';
import { isDelivery } from './support.js';

export default defineFault({
  id: 'server.webhook-retry-new-id',
  target: 'server',
  area: 'webhooks',
  breaks: 'WH-031',
  description: 'sends every retry of a failed delivery with a new webhook-id instead of the same one',
  select: ['webhooks.retries'],
  outbound: {
    request(req, state) {
      if (!isDelivery(req)) return;
      const id = req.headers['webhook-id'] as string;
      const attempts = ((state.get(`attempts ${id}`) as number | undefined) ?? 0) + 1;
      state.set(`attempts ${id}`, attempts);
      if (attempts > 1) req.headers['webhook-id'] = `${id}-retry-${attempts}`;
    },
  },
});
