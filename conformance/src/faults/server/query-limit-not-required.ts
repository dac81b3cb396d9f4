/** Fault: a query without q/limit is run with a default limit instead of being refused. */
import { defineFault } from '../fault.js';
import { allCommands, isRecord, walk } from './support.js';

/** A query or sub-query object: has q/select, and neither q/limit nor q/no-limit. */
function unlimited(node: unknown): node is Record<string, unknown> {
  return isRecord(node) && 'q/select' in node && !('q/limit' in node) && !('q/no-limit' in node);
}

export default defineFault({
  id: 'server.query-limit-not-required',
  target: 'server',
  area: 'command-api',
  breaks: 'CMD-ERR-004',
  description: 'runs a query (or collection sub-query) without q/limit and q/no-limit with a limit of 1000 instead of refusing it with entity.error/query-limit-expr-not-found',
  select: ['query.limit-required'],
  inbound: {
    request(req) {
      for (const command of allCommands(req)) {
        if (command['command'] !== 'svc.entity/query') continue;
        walk(command['args'], (node) => {
          if (unlimited(node)) node['q/limit'] = 1000;
        });
      }
    },
  },
});
