/** Fault: a collection sub-select with q/limit 100 holds only 99 items. */
import { defineFault } from '../fault.js';
import { queryOf, walk, isRecord } from './support.js';

export default defineFault({
  id: 'server.subselect-limit-off-by-one',
  target: 'server',
  area: 'limits',
  breaks: 'LIMIT-003',
  description: 'caps a collection sub-select at 99 items when it asks q/limit 100 (off by one)',
  select: ['paging.cursor-rule'],
  inbound: {
    request(req) {
      const query = queryOf(req);
      const select = query?.['q/select'];
      if (!Array.isArray(select)) return;
      walk(select, (node) => {
        if (isRecord(node) && 'q/select' in node && node['q/limit'] === 100) node['q/limit'] = 99;
      });
    },
  },
});
