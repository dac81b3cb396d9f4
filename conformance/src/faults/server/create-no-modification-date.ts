/** Fault: the Entity answered by svc.entity/create lacks svc/modification-date. */
import { defineFault } from '../fault.js';
import { commandOf, isRecord, successOf } from './support.js';

export default defineFault({
  id: 'server.create-no-modification-date',
  target: 'server',
  area: 'command-api',
  breaks: 'CMD-ENT-005',
  description: 'drops svc/modification-date from the Entity that svc.entity/create answers',
  select: ['command.create-system-fields'],
  inbound: {
    response(res, req) {
      const envelope = commandOf(req, 'svc.entity/create') ? successOf(res) : undefined;
      if (envelope && isRecord(envelope['result'])) delete envelope['result']['svc/modification-date'];
    },
  },
});
