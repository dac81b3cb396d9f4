/** Fault: a sync reads only the first data page of each type (hasNext is lost). */
import { defineFault } from '../fault.js';
import { APP_DATA, isAppCall, isRecord } from './support.js';

export default defineFault({
  id: 'server.sync-first-page-only',
  target: 'server',
  area: 'sync',
  breaks: 'SYNC-010',
  description: 'stops after the first data page of each type (pagination.hasNext of the app\'s answers reads false)',
  select: ['sync.data-requests'],
  outbound: {
    response(res, req) {
      if (!isAppCall(req, APP_DATA) || !isRecord(res.json) || !isRecord(res.json['pagination'])) return;
      res.json['pagination']['hasNext'] = false;
    },
  },
});
