/** AUTH-005: an account type without authentication lists `fields: []` instead of leaving it out. */
import { defineFault } from '../fault.js';
import { APP_PATHS, isCall, jsonObject, records } from './support.js';

export default defineFault({
  id: 'app.auth-empty-fields',
  target: 'app',
  area: 'auth',
  breaks: 'AUTH-005',
  description: 'gives the account types without fields an empty "fields" array in GET / (an entry without authentication omits it)',
  select: ['app.authentication'],
  inbound: {
    response(res, req) {
      const body = jsonObject(res);
      if (!isCall(req, 'GET', APP_PATHS.info) || !body) return;
      for (const entry of records(body['authentication'])) if (entry['fields'] === undefined) entry['fields'] = [];
    },
  },
});
