/** APP-035: filter/validate answers 500 for the empty filter, which is valid when every filter is optional. */
import { isRecord } from '../../shapes.js';
import { defineFault } from '../fault.js';
import { answerJson, APP_PATHS, isCall, requestBody } from './support.js';

export default defineFault({
  id: 'app.filter-validate-empty-crashes',
  target: 'app',
  area: 'app',
  breaks: 'APP-035',
  description: 'answers POST /api/v1/synchronizer/filter/validate with 500 {message} when the filter is empty',
  select: ['app.filter-validate'],
  inbound: {
    response(res, req) {
      if (!isCall(req, 'POST', APP_PATHS.filterValidate)) return;
      const filter = requestBody(req)['filter'];
      if (filter === undefined || (isRecord(filter) && Object.keys(filter).length === 0)) answerJson(res, 500, { message: 'Cannot read properties of undefined' });
    },
  },
});
