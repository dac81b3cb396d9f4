/** Fault: a full page of a top-level query loses its last Entity. */
import { defineFault } from '../fault.js';
import { queryOf, successOf } from './support.js';

export default defineFault({
  id: 'server.page-drop-last',
  target: 'server',
  area: 'pagination',
  breaks: 'PAGE-002',
  description: 'drops the last Entity of a top-level query answer that holds q/limit Entities (a full page), so the extra Entity that shows a further page is lost',
  select: ['paging.cursor-rule'],
  inbound: {
    response(res, req) {
      const limit = queryOf(req)?.['q/limit'];
      const rows = successOf(res)?.['result'];
      if (typeof limit === 'number' && limit > 1 && Array.isArray(rows) && rows.length === limit) rows.pop();
    },
  },
});
