/** APP-024: the schema answers a type's fields as an array instead of an object keyed by field id. */
import { defineFault } from '../fault.js';
import { APP_PATHS, isCall, jsonObject } from './support.js';

export default defineFault({
  id: 'app.schema-fields-as-array',
  target: 'app',
  area: 'app',
  breaks: 'APP-024',
  description: 'answers the fields of the last type of the schema as an array of fields instead of an object keyed by field id',
  select: ['app.schema'],
  inbound: {
    response(res, req) {
      const body = jsonObject(res);
      if (!isCall(req, 'POST', APP_PATHS.schema) || !body) return;
      const last = Object.keys(body).at(-1);
      const fields = last === undefined ? undefined : body[last];
      if (last !== undefined && typeof fields === 'object' && fields !== null) {
        body[last] = Object.entries(fields).map(([id, field]: [string, unknown]) => ({ ...(typeof field === 'object' && field !== null ? field : {}), id }));
      }
    },
  },
});
