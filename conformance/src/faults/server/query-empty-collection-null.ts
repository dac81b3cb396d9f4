/** Fault: empty collections in query results come back as null. */
import { defineFault } from '../fault.js';
import { isRecord, queryOf, successOf, walk } from './support.js';

export default defineFault({
  id: 'server.query-empty-collection-null',
  target: 'server',
  area: 'query',
  breaks: 'QUERY-031',
  description: 'answers an empty collection in a query result as null instead of []',
  select: ['query.collections-empty-array'],
  inbound: {
    response(res, req) {
      const rows = queryOf(req) ? successOf(res)?.['result'] : undefined;
      if (!Array.isArray(rows)) return;
      walk(rows, (node) => {
        if (!isRecord(node)) return;
        for (const [key, value] of Object.entries(node)) if (Array.isArray(value) && value.length === 0) node[key] = null;
      });
    },
  },
});
