/** Fault: deliveries carry a signature that does not verify with the webhook's secret. */
import { createHash } from 'node:crypto';
import { defineFault } from '../fault.js';
import { isDelivery } from './support.js';

export default defineFault({
  id: 'server.webhook-bad-signature',
  target: 'server',
  area: 'webhooks',
  breaks: 'WH-030',
  description: 'signs deliveries with a plain SHA-256 of the body instead of the HMAC-SHA256 of id.timestamp.body with the secret',
  select: ['webhooks.signature'],
  outbound: {
    request(req) {
      if (isDelivery(req) && req.headers['webhook-signature'] !== undefined) req.headers['webhook-signature'] = `v1,${createHash('sha256').update(req.body).digest('base64')}`;
    },
  },
});
