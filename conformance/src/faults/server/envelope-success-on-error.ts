/** Fault: a failed command is reported with success true. */
import { defineFault } from '../fault.js';
import { isCommandApi, isRecord } from './support.js';

export default defineFault({
  id: 'server.envelope-success-on-error',
  target: 'server',
  area: 'command-api',
  breaks: 'CMD-ERR-001',
  description: 'answers a failed command {success: true, result: <the error>} instead of {success: false, ...}',
  select: ['errors.unknown-type'],
  inbound: {
    response(res, req) {
      if (!isCommandApi(req)) return;
      for (const element of Array.isArray(res.json) ? res.json : [res.json]) {
        if (isRecord(element) && element['success'] === false) element['success'] = true;
      }
    },
  },
});
