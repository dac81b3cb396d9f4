/** APP-ERR-002: filter/validate refuses an invalid filter with 400 but without {message}. */
import { defineFault } from '../fault.js';
import { answerJson, APP_PATHS, isCall } from './support.js';

export default defineFault({
  id: 'app.filter-validate-refusal-without-message',
  target: 'app',
  area: 'app',
  breaks: 'APP-ERR-002',
  description: 'answers the refusals (400) of POST /api/v1/synchronizer/filter/validate with {valid: false} instead of {message}',
  select: ['app.filter-validate'],
  inbound: {
    response(res, req) {
      if (isCall(req, 'POST', APP_PATHS.filterValidate) && res.status === 400) answerJson(res, 400, { valid: false });
    },
  },
});
