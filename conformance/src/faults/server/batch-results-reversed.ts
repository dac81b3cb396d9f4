/** Fault: the inner results of svc.command/batch come in reverse order. */
import { defineFault } from '../fault.js';
import { commandOf, successOf } from './support.js';

export default defineFault({
  id: 'server.batch-results-reversed',
  target: 'server',
  area: 'command-api',
  breaks: 'CMD-004',
  description: 'answers the inner results of a svc.command/batch in reverse order',
  select: ['command.batch-in-order'],
  inbound: {
    response(res, req) {
      const envelope = commandOf(req, 'svc.command/batch') ? successOf(res) : undefined;
      const results = envelope?.['result'];
      if (Array.isArray(results) && results.length > 1) results.reverse();
    },
  },
});
