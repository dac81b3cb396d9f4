/** Fault: svc/modification-date given inside an update entity is ignored. */
import { defineFault } from '../fault.js';
import { allCommands, isRecord } from './support.js';

export default defineFault({
  id: 'server.update-drops-modification-date',
  target: 'server',
  area: 'command-api',
  breaks: 'CMD-ENT-006',
  description: 'ignores the svc/modification-date given inside an svc.entity/update entity (the Entity gets the time of the update)',
  select: ['command.update-modification-date'],
  inbound: {
    request(req) {
      for (const command of allCommands(req)) {
        const args = command['args'];
        if (command['command'] === 'svc.entity/update' && isRecord(args) && isRecord(args['entity'])) delete args['entity']['svc/modification-date'];
      }
    },
  },
});
