/** Fault: a batch is judged by its first inner command: a Reader's batch that starts with a query runs whole. */
import { defineFault } from '../fault.js';
import { asArchitect, heldOf, learnArchitect } from './access-support.js';
import { argsOf, isRecord } from './support.js';

export default defineFault({
  id: 'server.access-batch-first-command',
  target: 'server',
  area: 'auth',
  breaks: 'AUTH-018',
  description: 'judges a svc.command/batch by the level of its first inner command: a refused batch that starts with a svc.entity/query runs whole',
  select: ['auth.access-levels'],
  inbound: {
    async response(res, req, state) {
      learnArchitect(req, res, state);
      const inner = argsOf(req, 'svc.command/batch')?.['commands'];
      const first = Array.isArray(inner) ? inner[0] : undefined;
      if (heldOf(res.json) !== undefined && isRecord(first) && first['command'] === 'svc.entity/query') return asArchitect(req, state);
    },
  },
});
