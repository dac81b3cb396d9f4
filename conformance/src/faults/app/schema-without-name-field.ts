/** APP-025: a type of the schema has no `name` field. */
import { defineFault } from '../fault.js';
import { APP_PATHS, isCall, schemaTypes } from './support.js';

export default defineFault({
  id: 'app.schema-without-name-field',
  target: 'app',
  area: 'app',
  breaks: 'APP-025',
  description: 'leaves the field "name" out of the schema of the first type',
  select: ['app.schema'],
  inbound: {
    response(res, req) {
      if (!isCall(req, 'POST', APP_PATHS.schema)) return;
      const first = schemaTypes(res)[0];
      if (first) delete first[1]['name'];
    },
  },
});
