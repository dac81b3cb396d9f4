/** Fault: svc.entity.batch/delete skips unknown ids whatever fail-if-not-found? says (the default is to fail). */
import { defineFault } from '../fault.js';
import { allCommands, isRecord } from './support.js';

export default defineFault({
  id: 'server.batch-delete-skips-unknown',
  target: 'server',
  area: 'command-api',
  breaks: 'CMD-014',
  description: 'runs every svc.entity.batch/delete as if it said "opts": {"fail-if-not-found?": false}, so an unknown id is skipped instead of failing the command',
  select: ['command.entity-batch-delete'],
  inbound: {
    request(req) {
      for (const command of allCommands(req)) {
        const args = command['args'];
        if (command['command'] === 'svc.entity.batch/delete' && isRecord(args)) args['opts'] = { 'fail-if-not-found?': false };
      }
    },
  },
});
