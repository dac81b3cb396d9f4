/** APP-011: a schema field has a type outside id, text, number, date, array[text]. */
import { defineFault } from '../fault.js';
import { APP_PATHS, findField, isCall } from './support.js';

export default defineFault({
  id: 'app.schema-unknown-field-type',
  target: 'app',
  area: 'app',
  breaks: 'APP-011',
  description: 'gives the first number field of the schema the type "currency", which is not a schema field type',
  select: ['app.schema'],
  inbound: {
    response(res, req) {
      if (!isCall(req, 'POST', APP_PATHS.schema)) return;
      const found = findField(res, (f) => f['type'] === 'number');
      if (found) found.field['type'] = 'currency';
    },
  },
});
