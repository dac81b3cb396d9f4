/**
 * Fault: a delivery answered with a redirect (3xx) counts as delivered: the server is told 200
 * instead, so it never tries the delivery again (any status but 2xx is a failed attempt).
 */
import { defineFault } from '../fault.js';
import { isDelivery } from './support.js';

export default defineFault({
  id: 'server.webhook-redirect-is-success',
  target: 'server',
  area: 'webhooks',
  breaks: 'WH-031',
  description: 'takes a 3xx answer to a delivery for success (the delivery is not tried again)',
  select: ['webhooks.retried-once'],
  outbound: {
    response(res, req) {
      if (isDelivery(req) && res.status >= 300 && res.status <= 399) return { ...res, status: 200 };
    },
  },
});
