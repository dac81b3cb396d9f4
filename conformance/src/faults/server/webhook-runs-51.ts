/** Fault: the webhook list shows 51 runs of a webhook where it must show the latest 50 (off by one). */
import { defineFault } from '../fault.js';
import { isRecord, pathOf } from './support.js';

export default defineFault({
  id: 'server.webhook-runs-51',
  target: 'server',
  area: 'limits',
  breaks: 'LIMIT-006',
  description: 'lists 51 runs of a webhook that has more than 50 in GET /api/webhooks/v2 (off by one: one run older than the latest 50 is shown, here a copy of the oldest)',
  select: ['webhooks.runs-latest-50'],
  inbound: {
    response(res, req) {
      if (req.method !== 'GET' || pathOf(req) !== '/api/webhooks/v2' || !Array.isArray(res.json)) return;
      for (const record of res.json) {
        const runs = isRecord(record) ? record['runs'] : undefined;
        if (Array.isArray(runs) && runs.length >= 50) runs.push(structuredClone(runs.at(-1)));
      }
    },
  },
});
