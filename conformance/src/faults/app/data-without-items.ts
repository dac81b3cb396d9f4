/** APP-058: data pages come without their required `items`. */
import { defineFault } from '../fault.js';
import { APP_PATHS, isCall, jsonObject } from './support.js';

export default defineFault({
  id: 'app.data-without-items',
  target: 'app',
  area: 'app',
  breaks: 'APP-058',
  description: 'leaves "items" out of every data page (POST /api/v1/synchronizer/data)',
  select: ['app.data-pagination'],
  inbound: {
    response(res, req) {
      const body = jsonObject(res);
      if (isCall(req, 'POST', APP_PATHS.data) && res.status === 200 && body) delete body['items'];
    },
  },
});
