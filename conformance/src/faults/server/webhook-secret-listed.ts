/** Fault: the webhook list shows each webhook's signing secret. */
import { randomBytes } from 'node:crypto';
import { defineFault } from '../fault.js';
import { isRecord, pathOf } from './support.js';

export default defineFault({
  id: 'server.webhook-secret-listed',
  target: 'server',
  area: 'webhooks',
  breaks: 'WH-037',
  description: 'shows a "secret" in every record of GET /api/webhooks/v2 (it must be returned only when a webhook is added)',
  select: ['webhooks.secret-not-listed'],
  inbound: {
    response(res, req) {
      if (req.method !== 'GET' || pathOf(req) !== '/api/webhooks/v2' || !Array.isArray(res.json)) return;
      for (const record of res.json) if (isRecord(record)) record['secret'] = `whsec_${randomBytes(24).toString('base64')}`;
    },
  },
});
