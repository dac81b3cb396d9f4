/** APP-071: the rows transform derives from an event do not say whether to SET or REMOVE them. */
import { isRecord } from '../../shapes.js';
import { defineFault } from '../fault.js';
import { APP_PATHS, isCall, jsonObject, records } from './support.js';

export default defineFault({
  id: 'app.transform-without-sync-action',
  target: 'app',
  area: 'app',
  breaks: 'APP-071',
  description: 'answers POST /api/v1/synchronizer/webhooks/transform with rows that carry no __syncAction',
  select: ['app.transform'],
  inbound: {
    response(res, req) {
      const body = jsonObject(res);
      if (!isCall(req, 'POST', APP_PATHS.transform) || res.status !== 200 || !body || !isRecord(body['data'])) return;
      for (const rows of Object.values(body['data'])) for (const row of records(rows)) delete row['__syncAction'];
    },
  },
});
