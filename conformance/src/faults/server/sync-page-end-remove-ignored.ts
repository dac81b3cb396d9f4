/** Fault: a delta row with __syncAction REMOVE is lost when it is the last row of its data page (an off-by-one in a page loop). */
import { defineFault } from '../fault.js';
import { APP_DATA, isAppCall, isRecord } from './support.js';

export default defineFault({
  id: 'server.sync-page-end-remove-ignored',
  target: 'server',
  area: 'sync',
  breaks: 'SYNC-001',
  description: 'ignores a REMOVE row that is the last row of its data page (the last item of the app\'s answer is dropped when it is a REMOVE), so its Entity stays',
  select: ['sync.delta-pages'],
  outbound: {
    response(res, req) {
      if (!isAppCall(req, APP_DATA) || !isRecord(res.json) || !Array.isArray(res.json['items'])) return;
      const last: unknown = res.json['items'].at(-1);
      if (isRecord(last) && last['__syncAction'] === 'REMOVE') res.json['items'] = res.json['items'].slice(0, -1);
    },
  },
});
