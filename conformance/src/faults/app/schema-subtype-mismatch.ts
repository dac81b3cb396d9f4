/** APP-008: a field's subType does not go with its type (a day on a number field). */
import { defineFault } from '../fault.js';
import { APP_PATHS, findField, isCall } from './support.js';

export default defineFault({
  id: 'app.schema-subtype-mismatch',
  target: 'app',
  area: 'app',
  breaks: 'APP-008',
  description: 'turns the first date / day field of the schema into a number field that keeps subType day',
  select: ['app.schema'],
  inbound: {
    response(res, req) {
      if (!isCall(req, 'POST', APP_PATHS.schema)) return;
      const found = findField(res, (f) => f['type'] === 'date' && f['subType'] === 'day');
      if (found) found.field['type'] = 'number';
    },
  },
});
