/** APP-013: a relation's cardinality is outside many-to-one, many-to-many, one-to-one. */
import { isRecord } from '../../shapes.js';
import { defineFault } from '../fault.js';
import { APP_PATHS, findField, isCall } from './support.js';

export default defineFault({
  id: 'app.schema-bad-cardinality',
  target: 'app',
  area: 'app',
  breaks: 'APP-013',
  description: 'gives the first relation of the schema the cardinality "one-to-many"',
  select: ['app.schema'],
  inbound: {
    response(res, req) {
      if (!isCall(req, 'POST', APP_PATHS.schema)) return;
      const found = findField(res, (f) => isRecord(f['relation']));
      if (found && isRecord(found.field['relation'])) found.field['relation']['cardinality'] = 'one-to-many';
    },
  },
});
