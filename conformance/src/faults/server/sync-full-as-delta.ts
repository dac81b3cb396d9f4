/** Fault: a full sync is applied as a delta, so Entities whose rows were not delivered stay. */
import { defineFault } from '../fault.js';
import { APP_DATA, isAppCall, isRecord } from './support.js';

export default defineFault({
  id: 'server.sync-full-as-delta',
  target: 'server',
  area: 'sync',
  breaks: 'SYNC-008',
  description: 'applies a full synchronization as a delta (synchronizationType full reads delta), so undelivered Entities are not removed',
  select: ['sync.full-removes-undelivered'],
  outbound: {
    response(res, req) {
      if (isAppCall(req, APP_DATA) && isRecord(res.json) && res.json['synchronizationType'] !== 'delta') res.json['synchronizationType'] = 'delta';
    },
  },
});
