/** APP-079: data pages answer only their items: no synchronizationType, no pagination on the last page. */
import { isRecord } from '../../shapes.js';
import { defineFault } from '../fault.js';
import { APP_PATHS, isCall, jsonObject } from './support.js';

export default defineFault({
  id: 'app.data-bare-pages',
  target: 'app',
  area: 'app',
  breaks: 'APP-079',
  description: 'leaves synchronizationType out of every data page, and pagination out of the last page of a read (allowed by the contract, not what apps echo)',
  select: ['app.data-echo'],
  inbound: {
    response(res, req) {
      const body = jsonObject(res);
      if (!isCall(req, 'POST', APP_PATHS.data) || res.status !== 200 || !body) return;
      delete body['synchronizationType'];
      const pagination = body['pagination'];
      if (!isRecord(pagination) || pagination['hasNext'] !== true) delete body['pagination'];
    },
  },
});
