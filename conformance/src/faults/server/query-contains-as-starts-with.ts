/** Fault: the q/where operator q/contains is evaluated as a prefix test. */
import { defineFault } from '../fault.js';
import { allCommands, walk } from './support.js';

export default defineFault({
  id: 'server.query-contains-as-starts-with',
  target: 'server',
  area: 'query',
  breaks: 'QUERY-020',
  description: 'evaluates q/contains as q/starts-with-ignoring-case? (the operator of every query is rewritten on the way in)',
  select: ['command.model-full'],
  inbound: {
    request(req) {
      for (const command of allCommands(req)) {
        if (command['command'] !== 'svc.entity/query') continue;
        walk(command['args'], (node) => {
          if (Array.isArray(node) && node[0] === 'q/contains' && node.length === 3) node[0] = 'q/starts-with-ignoring-case?';
        });
      }
    },
  },
});
