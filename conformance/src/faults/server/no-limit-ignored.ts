/** Fault: q/no-limit on a top-level query returns one Entity. */
import { defineFault } from '../fault.js';
import { queryOf } from './support.js';

export default defineFault({
  id: 'server.no-limit-ignored',
  target: 'server',
  area: 'limits',
  breaks: 'LIMIT-004',
  description: 'answers a top-level query with q/no-limit as if it had q/limit 1',
  select: ['query.no-limit'],
  inbound: {
    request(req) {
      const query = queryOf(req);
      if (query?.['q/no-limit'] === true) {
        delete query['q/no-limit'];
        query['q/limit'] = 1;
      }
    },
  },
});
