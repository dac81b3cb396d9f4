/** Fault: the error of a failed command lacks its `data` object. */
import { defineFault } from '../fault.js';
import { isCommandApi, isRecord } from './support.js';

export default defineFault({
  id: 'server.error-without-data',
  target: 'server',
  area: 'command-api',
  breaks: 'CMD-ERR-001',
  description: 'leaves `data` out of the {name, message, data} error of a failed command',
  select: ['errors.unknown-type'],
  inbound: {
    response(res, req) {
      if (!isCommandApi(req)) return;
      for (const element of Array.isArray(res.json) ? res.json : [res.json]) {
        if (isRecord(element) && element['success'] === false && isRecord(element['result'])) delete element['result']['data'];
      }
    },
  },
});
