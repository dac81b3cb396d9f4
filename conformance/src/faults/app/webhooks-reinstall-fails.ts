/** APP-041: reinstalling a webhook with its earlier registration fails (500) instead of answering a registration. */
import { defineFault } from '../fault.js';
import { answerJson, APP_PATHS, isCall, requestBody } from './support.js';

export default defineFault({
  id: 'app.webhooks-reinstall-fails',
  target: 'app',
  area: 'app',
  breaks: 'APP-041',
  description: 'answers POST /api/v1/synchronizer/webhooks with 500 {message} when it carries an earlier registration (a reinstall)',
  select: ['app.webhooks-install'],
  inbound: {
    response(res, req) {
      const webhook = requestBody(req)['webhook'];
      if (isCall(req, 'POST', APP_PATHS.webhooks) && webhook !== null && webhook !== undefined) answerJson(res, 500, { message: 'The webhook exists already.' });
    },
  },
});
