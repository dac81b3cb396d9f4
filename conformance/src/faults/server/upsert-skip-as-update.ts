/** Fault: svc.entity.batch/create-or-update updates duplicates even when told to skip them. */
import { defineFault } from '../fault.js';
import { allCommands, isRecord } from './support.js';

export default defineFault({
  id: 'server.upsert-skip-as-update',
  target: 'server',
  area: 'command-api',
  breaks: 'CMD-015',
  description: 'runs the conflict-action skip-create of svc.entity.batch/create-or-update as update-latest (a duplicate is overwritten instead of left alone)',
  select: ['command.entity-batch-upsert'],
  inbound: {
    request(req) {
      for (const command of allCommands(req)) {
        const args = command['args'];
        if (command['command'] === 'svc.entity.batch/create-or-update' && isRecord(args) && args['conflict-action'] === 'skip-create') args['conflict-action'] = 'update-latest';
      }
    },
  },
});
