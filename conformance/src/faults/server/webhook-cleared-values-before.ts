/**
 * Fault: an update that clears a field reports the cleared value as the previous one too: where
 * an svc.entity/update effect's new value is null (or no items), its valuesBefore says the same,
 * as a server that reads the "before" values after writing would for the fields it removed.
 */
import { defineFault } from '../fault.js';
import { effectsOf, isDelivery, isRecord } from './support.js';

const cleared = (value: unknown): boolean => value === null || (Array.isArray(value) && value.length === 0);

export default defineFault({
  id: 'server.webhook-cleared-values-before',
  target: 'server',
  area: 'webhooks',
  breaks: 'WH-018',
  description: 'reports valuesBefore of a field an update cleared (to null or no items) as the cleared value instead of the value it had',
  select: ['webhooks.replay'],
  outbound: {
    request(req) {
      if (!isDelivery(req)) return;
      for (const effect of effectsOf(req)) {
        if (effect['effect'] !== 'svc.entity/update' || !isRecord(effect['values']) || !isRecord(effect['valuesBefore'])) continue;
        for (const [field, value] of Object.entries(effect['values'])) if (cleared(value)) effect['valuesBefore'][field] = value;
      }
    },
  },
});
