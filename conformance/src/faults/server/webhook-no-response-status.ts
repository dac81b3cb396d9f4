/** Fault: an attempt that got no response shows in the webhook's runs as http_status "502" instead of "0". */
import { defineFault } from '../fault.js';
import { isRecord, pathOf } from './support.js';

export default defineFault({
  id: 'server.webhook-no-response-status',
  target: 'server',
  area: 'webhooks',
  breaks: 'WH-025',
  description: 'lists an attempt that got no response (a refused connection) as a run with http_status "502" instead of "0"',
  select: ['webhooks.unreachable-run'],
  inbound: {
    response(res, req) {
      if (req.method !== 'GET' || pathOf(req) !== '/api/webhooks/v2' || !Array.isArray(res.json)) return;
      for (const record of res.json) {
        if (!isRecord(record) || !Array.isArray(record['runs'])) continue;
        for (const run of record['runs']) if (isRecord(run) && run['http_status'] === '0') run['http_status'] = '502';
      }
    },
  },
});
