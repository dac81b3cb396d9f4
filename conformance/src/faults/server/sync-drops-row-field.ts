/** Fault: the value of one field of every delivered row is lost. */
import { defineFault } from '../fault.js';
import { APP_DATA, isAppCall, isRecord } from './support.js';

export default defineFault({
  id: 'server.sync-drops-row-field',
  target: 'server',
  area: 'sync',
  breaks: 'SYNC-011',
  description: 'loses the "name" value of every row the app delivers (the Entity is written without it)',
  select: ['sync.mapping-databases'],
  outbound: {
    response(res, req) {
      if (!isAppCall(req, APP_DATA) || !isRecord(res.json) || !Array.isArray(res.json['items'])) return;
      for (const row of res.json['items']) if (isRecord(row)) delete row['name'];
    },
  },
});
