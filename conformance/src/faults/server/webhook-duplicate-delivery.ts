/** Fault: every delivery arrives twice, the copy under a new webhook-id. */
import { defineFault } from '../fault.js';
import { isDelivery, sendCopy } from './support.js';

export default defineFault({
  id: 'server.webhook-duplicate-delivery',
  target: 'server',
  area: 'webhooks',
  breaks: 'WH-033',
  description: 'sends every delivery a second time under another webhook-id after the receiver acknowledged it',
  select: ['webhooks.one-delivery-per-command'],
  outbound: {
    async response(res, req) {
      if (isDelivery(req) && res.status >= 200 && res.status <= 299) await sendCopy(req, { ...req.headers, 'webhook-id': `${req.headers['webhook-id'] ?? ''}-copy` });
    },
  },
});
