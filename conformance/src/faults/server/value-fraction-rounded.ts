/** Fault: a written 1.5 is rounded to 2, so an integer field takes a fraction instead of refusing it. */
import { defineFault } from '../fault.js';
import { allCommands, walk } from './support.js';

export default defineFault({
  id: 'server.value-fraction-rounded',
  target: 'server',
  area: 'command-api',
  breaks: 'CMD-ENT-009',
  description: 'rounds the written value 1.5 to 2 (an integer field takes a fraction instead of refusing it; the writes of every create and update are rewritten on the way in)',
  select: ['command.values-at-edges'],
  inbound: {
    request(req) {
      for (const command of allCommands(req)) {
        if (command['command'] !== 'svc.entity/create' && command['command'] !== 'svc.entity/update') continue;
        walk(command['args'], (node) => {
          if (Array.isArray(node)) return;
          for (const [key, value] of Object.entries(node)) if (value === 1.5) node[key] = 2;
        });
      }
    },
  },
});
