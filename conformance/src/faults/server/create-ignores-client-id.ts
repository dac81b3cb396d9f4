/** Fault: a client-supplied svc/id on create is ignored (the server picks its own). */
import { defineFault } from '../fault.js';
import { allCommands, isRecord } from './support.js';

export default defineFault({
  id: 'server.create-ignores-client-id',
  target: 'server',
  area: 'command-api',
  breaks: 'CMD-ENT-002',
  description: 'ignores the svc/id a client supplies on svc.entity/create and gives the Entity an id of its own',
  select: ['command.create-client-id'],
  inbound: {
    request(req) {
      for (const command of allCommands(req)) {
        const args = command['args'];
        if (command['command'] === 'svc.entity/create' && isRecord(args) && isRecord(args['entity'])) delete args['entity']['svc/id'];
      }
    },
  },
});
