/** Fault: a page ordered by svc/id comes with its first two Entities swapped. */
import { defineFault } from '../fault.js';
import { queryOf, successOf } from './support.js';

export default defineFault({
  id: 'server.page-reordered',
  target: 'server',
  area: 'pagination',
  breaks: 'PAGE-001',
  description: 'swaps the first two Entities of a top-level query ordered by svc/id',
  select: ['paging.cursor-rule'],
  inbound: {
    response(res, req) {
      const order = queryOf(req)?.['q/order-by'];
      if (JSON.stringify(order) !== JSON.stringify([[['svc/id'], 'q/asc']])) return;
      const rows = successOf(res)?.['result'];
      if (Array.isArray(rows) && rows.length > 1) [rows[0], rows[1]] = [rows[1], rows[0]];
    },
  },
});
