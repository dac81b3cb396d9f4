/** APP-003: the app information lists no authentication entry at all. */
import { defineFault } from '../fault.js';
import { APP_PATHS, isCall, jsonObject } from './support.js';

export default defineFault({
  id: 'app.auth-empty',
  target: 'app',
  area: 'app',
  breaks: 'APP-003',
  description: 'answers GET / with "authentication": [] (an app without authentication still lists one entry)',
  select: ['app.authentication'],
  inbound: {
    response(res, req) {
      const body = jsonObject(res);
      if (isCall(req, 'GET', APP_PATHS.info) && body) body['authentication'] = [];
    },
  },
});
