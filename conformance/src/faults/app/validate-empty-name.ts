/** APP-019: POST /validate of a valid account answers 200 with an empty account name. */
import { defineFault } from '../fault.js';
import { APP_PATHS, isCall, jsonObject } from './support.js';

export default defineFault({
  id: 'app.validate-empty-name',
  target: 'app',
  area: 'app',
  breaks: 'APP-019',
  description: 'answers POST /validate of a valid account with {name: ""}: no friendly account name',
  select: ['app.validate-account'],
  inbound: {
    response(res, req) {
      const body = jsonObject(res);
      if (isCall(req, 'POST', APP_PATHS.validate) && res.status === 200 && body) body['name'] = '';
    },
  },
});
