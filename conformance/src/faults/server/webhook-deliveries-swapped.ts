/**
 * Fault: the first two deliveries of a webhook arrive in the wrong order: the first is held back
 * (the server is told it arrived) and sent right after the second.
 */
import { defineFault, type ProxiedRequest } from '../fault.js';
import { isDelivery, jsonAnswer, sendCopy } from './support.js';

export default defineFault({
  id: 'server.webhook-deliveries-swapped',
  target: 'server',
  area: 'webhooks',
  breaks: 'WH-032',
  description: 'delivers the first two deliveries of each webhook in swapped order',
  select: ['webhooks.order'],
  outbound: {
    reply(req, state) {
      if (!isDelivery(req)) return;
      const key = `seen ${req.url ?? ''}`;
      const seen = (state.get(key) as number | undefined) ?? 0;
      state.set(key, seen + 1);
      if (seen === 0) {
        state.set(`held ${req.url ?? ''}`, { ...req, headers: { ...req.headers }, body: Buffer.from(req.body) });
        return jsonAnswer(200, { ok: true });
      }
    },
    async response(_res, req, state) {
      const key = `held ${req.url ?? ''}`;
      const held = state.get(key) as ProxiedRequest | undefined;
      if (!isDelivery(req) || held === undefined) return;
      state.delete(key);
      await sendCopy(held);
    },
  },
});
