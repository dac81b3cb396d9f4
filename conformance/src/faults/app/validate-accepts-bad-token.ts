/** APP-ERR-001: POST /validate accepts any account: a refusal (401) becomes 200 {name}. */
import { defineFault } from '../fault.js';
import { answerJson, APP_PATHS, isCall } from './support.js';

export default defineFault({
  id: 'app.validate-accepts-bad-token',
  target: 'app',
  area: 'app',
  breaks: 'APP-ERR-001',
  description: 'answers POST /validate with 200 {name} for an account the app refused (401): any token is taken as valid',
  select: ['app.validate-invalid-account'],
  inbound: {
    response(res, req) {
      if (isCall(req, 'POST', APP_PATHS.validate) && res.status === 401) answerJson(res, 200, { name: 'Anyone' });
    },
  },
});
