/** APP-032: the data list answers a bare array of options instead of {items}. */
import { defineFault } from '../fault.js';
import { APP_PATHS, isCall, jsonObject } from './support.js';

export default defineFault({
  id: 'app.datalist-bare-array',
  target: 'app',
  area: 'app',
  breaks: 'APP-032',
  description: 'answers POST /api/v1/synchronizer/datalist with the bare array of options instead of {items: [...]}',
  select: ['app.datalist'],
  inbound: {
    response(res, req) {
      const body = jsonObject(res);
      if (isCall(req, 'POST', APP_PATHS.datalist) && res.status === 200 && body) res.json = body['items'];
    },
  },
});
