/** Fault: without q/order-by, Entities come newest first instead of in creation order. */
import { defineFault } from '../fault.js';
import { queryOf, successOf } from './support.js';

export default defineFault({
  id: 'server.query-default-order-reversed',
  target: 'server',
  area: 'query',
  breaks: 'QUERY-033',
  description: 'answers a top-level query without q/order-by newest first instead of in creation order',
  select: ['query.default-order'],
  inbound: {
    response(res, req) {
      const query = queryOf(req);
      const rows = query && !('q/order-by' in query) ? successOf(res)?.['result'] : undefined;
      if (Array.isArray(rows) && rows.length > 1) rows.reverse();
    },
  },
});
