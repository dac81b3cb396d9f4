/** APP-051: POST config refuses a request without an account (all its input is optional). */
import { defineFault } from '../fault.js';
import { answerJson, APP_PATHS, isCall, requestBody } from './support.js';

export default defineFault({
  id: 'app.config-needs-account',
  target: 'app',
  area: 'app',
  breaks: 'APP-051',
  description: 'answers POST /api/v1/synchronizer/config without an account with 401 {message}',
  select: ['app.config'],
  inbound: {
    response(res, req) {
      if (isCall(req, 'POST', APP_PATHS.config) && requestBody(req)['account'] === undefined) answerJson(res, 401, { message: 'An account is required.' });
    },
  },
});
