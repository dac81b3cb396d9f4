/** Fault: the cursor condition `svc/id > $last-seen-id` is evaluated as `>=`, so every page repeats the last Entity of the one before. */
import { defineFault } from '../fault.js';
import { allCommands, walk } from './support.js';

function isIdPath(path: unknown): boolean {
  return path === 'svc/id' || (Array.isArray(path) && path.length === 1 && path[0] === 'svc/id');
}

export default defineFault({
  id: 'server.cursor-gt-as-gte',
  target: 'server',
  area: 'pagination',
  breaks: 'PAGE-003',
  description: 'evaluates the cursor condition [">", ["svc/id"], "$last-seen-id"] as ">=", so each page starts again with the last Entity of the previous one',
  select: ['paging.cursor-rule'],
  inbound: {
    request(req) {
      for (const command of allCommands(req)) {
        if (command['command'] !== 'svc.entity/query') continue;
        walk(command['args'], (node) => {
          if (Array.isArray(node) && node[0] === '>' && isIdPath(node[1]) && typeof node[2] === 'string' && node[2].startsWith('$')) node[0] = '>=';
        });
      }
    },
  },
});
