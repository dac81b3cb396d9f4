/** Fault: delta rows with __syncAction REMOVE never reach the server's sync, so their Entities stay. */
import { defineFault } from '../fault.js';
import { APP_DATA, isAppCall, isRecord } from './support.js';

export default defineFault({
  id: 'server.sync-ignores-remove',
  target: 'server',
  area: 'sync',
  breaks: 'SYNC-001',
  description: 'ignores delta rows with __syncAction REMOVE (they are taken out of the app\'s data answers as the server receives them)',
  select: ['sync.delta-remove'],
  outbound: {
    response(res, req) {
      if (!isAppCall(req, APP_DATA) || !isRecord(res.json) || !Array.isArray(res.json['items'])) return;
      res.json['items'] = res.json['items'].filter((row: unknown) => !isRecord(row) || row['__syncAction'] !== 'REMOVE');
    },
  },
});
