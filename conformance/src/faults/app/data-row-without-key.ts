/** APP-014: a data row comes without its key (the field of type id). */
import { defineFault } from '../fault.js';
import { APP_PATHS, isCall, jsonObject, keyFieldOf, records, requestedTypeSchema } from './support.js';

export default defineFault({
  id: 'app.data-row-without-key',
  target: 'app',
  area: 'app',
  breaks: 'APP-014',
  description: 'takes the key (the field of type id) off the first row of every data page',
  select: ['app.data-rows'],
  inbound: {
    response(res, req) {
      const body = jsonObject(res);
      if (!isCall(req, 'POST', APP_PATHS.data) || res.status !== 200 || !body) return;
      const first = records(body['items'])[0];
      if (first) delete first[keyFieldOf(requestedTypeSchema(req))];
    },
  },
});
