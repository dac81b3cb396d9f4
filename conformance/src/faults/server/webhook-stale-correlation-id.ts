/** Fault: a delivery carries the correlationId of the webhook's previous delivery. */
import { defineFault } from '../fault.js';
import { isDelivery, isRecord } from './support.js';

export default defineFault({
  id: 'server.webhook-stale-correlation-id',
  target: 'server',
  area: 'webhooks',
  breaks: 'WH-016',
  description: 'puts the correlationId of the previous delivery of the same webhook into command.correlationId (the first delivery keeps its own)',
  select: ['webhooks.correlation-id'],
  outbound: {
    request(req, state) {
      if (!isDelivery(req) || !isRecord(req.json) || !isRecord(req.json['command'])) return;
      const key = `previous ${req.url ?? ''}`;
      const command = req.json['command'];
      const own = command['correlationId'];
      if (state.has(key)) command['correlationId'] = state.get(key);
      state.set(key, own);
    },
  },
});
