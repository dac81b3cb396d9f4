/** Fault: update effects of webhook deliveries lose valuesBefore. */
import { defineFault } from '../fault.js';
import { effectsOf, isDelivery } from './support.js';

export default defineFault({
  id: 'server.webhook-no-values-before',
  target: 'server',
  area: 'webhooks',
  breaks: 'WH-018',
  description: 'delivers svc.entity/update effects without valuesBefore',
  select: ['webhooks.update-effect'],
  outbound: {
    request(req) {
      if (!isDelivery(req)) return;
      for (const effect of effectsOf(req)) if (effect['effect'] === 'svc.entity/update') delete effect['valuesBefore'];
    },
  },
});
