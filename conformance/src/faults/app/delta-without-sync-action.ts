/** MAP-052: the rows of a delta page do not say whether to SET or REMOVE them. */
import { defineFault } from '../fault.js';
import { APP_PATHS, isCall, jsonObject, records, requestBody } from './support.js';

export default defineFault({
  id: 'app.delta-without-sync-action',
  target: 'app',
  area: 'mapping',
  breaks: 'MAP-052',
  description: 'answers data requests with lastSynchronizedAt with delta pages whose rows carry no __syncAction',
  select: ['app.data-delta'],
  inbound: {
    response(res, req) {
      const body = jsonObject(res);
      if (!isCall(req, 'POST', APP_PATHS.data) || res.status !== 200 || !body || requestBody(req)['lastSynchronizedAt'] === undefined) return;
      body['synchronizationType'] = 'delta';
      for (const row of records(body['items'])) delete row['__syncAction'];
    },
  },
});
