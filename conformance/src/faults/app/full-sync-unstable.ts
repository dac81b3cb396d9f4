/**
 * SYNC-008: full syncs disagree: every second full read of a type loses the first row of its
 * first page (a stateful fault: it counts the full reads of each type), so that the service
 * would remove the Entity of that row and bring it back one sync later.
 */
import { defineFault } from '../fault.js';
import { isFullRead, jsonObject, requestBody } from './support.js';

export default defineFault({
  id: 'app.full-sync-unstable',
  target: 'app',
  area: 'sync',
  breaks: 'SYNC-008',
  description: 'drops the first row of the first page of every second full read of a type',
  select: ['app.full-sync-stable'],
  inbound: {
    response(res, req, state) {
      const body = jsonObject(res);
      const request = requestBody(req);
      if (!isFullRead(req) || res.status !== 200 || !body || request['pagination'] !== undefined || !Array.isArray(body['items'])) return;
      const key = `reads:${String(request['requestedType'])}`;
      const previous = state.get(key);
      const reads = (typeof previous === 'number' ? previous : 0) + 1;
      state.set(key, reads);
      if (reads % 2 === 0) body['items'].shift();
    },
  },
});
