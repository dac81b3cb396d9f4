/** APP-ERR-003: a data request the app refuses is answered with a text body instead of {message}. */
import { defineFault } from '../fault.js';
import { answerText, APP_PATHS, isCall } from './support.js';

export default defineFault({
  id: 'app.data-error-as-text',
  target: 'app',
  area: 'app',
  breaks: 'APP-ERR-003',
  description: 'answers the refusals of POST /api/v1/synchronizer/data (error statuses) with a text/plain body instead of {message}',
  select: ['app.data-error-body'],
  inbound: {
    response(res, req) {
      if (isCall(req, 'POST', APP_PATHS.data) && res.status >= 400) answerText(res, res.status, 'text/plain; charset=utf-8', 'Something went wrong');
    },
  },
});
