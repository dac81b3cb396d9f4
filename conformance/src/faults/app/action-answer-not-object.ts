/** APP-081: the custom action endpoint answers 200 with a JSON text instead of `{}` or `{message}` (and hides a failure so). */
import { defineFault } from '../fault.js';
import { answerJson, APP_PATHS, isCall } from './support.js';

export default defineFault({
  id: 'app.action-answer-not-object',
  target: 'app',
  area: 'app',
  breaks: 'APP-081',
  description: 'answers POST /api/v1/automations/action/execute with 200 and the JSON text "done" instead of {} or {message} (or an error status with {message})',
  select: ['app.actions'],
  inbound: {
    response(res, req) {
      if (isCall(req, 'POST', APP_PATHS.actionExecute)) answerJson(res, 200, 'done');
    },
  },
});
