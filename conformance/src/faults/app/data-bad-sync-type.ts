/** APP-060: a data page's synchronizationType is neither full nor delta. */
import { defineFault } from '../fault.js';
import { APP_PATHS, isCall, jsonObject } from './support.js';

export default defineFault({
  id: 'app.data-bad-sync-type',
  target: 'app',
  area: 'app',
  breaks: 'APP-060',
  description: 'answers every data page with synchronizationType "incremental" (full or delta)',
  select: ['app.data-pagination'],
  inbound: {
    response(res, req) {
      const body = jsonObject(res);
      if (isCall(req, 'POST', APP_PATHS.data) && res.status === 200 && body) body['synchronizationType'] = 'incremental';
    },
  },
});
