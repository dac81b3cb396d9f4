/** Fault: the q/where operator `>` is evaluated as `>=`. */
import { defineFault } from '../fault.js';
import { allCommands, walk } from './support.js';

export default defineFault({
  id: 'server.query-gt-as-gte',
  target: 'server',
  area: 'query',
  breaks: 'QUERY-006',
  description: 'evaluates the q/where operator ">" as ">=" (the operator of every query is rewritten on the way in)',
  select: ['command.model-contract'],
  inbound: {
    request(req) {
      for (const command of allCommands(req)) {
        if (command['command'] !== 'svc.entity/query') continue;
        walk(command['args'], (node) => {
          if (Array.isArray(node) && node[0] === '>' && node.length === 3) node[0] = '>=';
        });
      }
    },
  },
});
