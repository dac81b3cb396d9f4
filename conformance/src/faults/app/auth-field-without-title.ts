/** APP-004: the fields of the account types lose their `title`. */
import { defineFault } from '../fault.js';
import { APP_PATHS, isCall, jsonObject, records } from './support.js';

export default defineFault({
  id: 'app.auth-field-without-title',
  target: 'app',
  area: 'app',
  breaks: 'APP-004',
  description: 'answers GET / with authentication fields that have no title',
  select: ['app.authentication'],
  inbound: {
    response(res, req) {
      const body = jsonObject(res);
      if (!isCall(req, 'GET', APP_PATHS.info) || !body) return;
      for (const entry of records(body['authentication'])) for (const field of records(entry['fields'])) delete field['title'];
    },
  },
});
