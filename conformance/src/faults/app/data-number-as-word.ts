/** APP-014: a number field of a data row holds a word (a value of the wrong JSON type and form). */
import { isRecord } from '../../shapes.js';
import { defineFault } from '../fault.js';
import { APP_PATHS, isCall, jsonObject, records, requestedTypeSchema } from './support.js';

export default defineFault({
  id: 'app.data-number-as-word',
  target: 'app',
  area: 'app',
  breaks: 'APP-014',
  description: 'puts the word "twelve" in the first number field (by the schema of the data request) of every row',
  select: ['app.data-rows'],
  inbound: {
    response(res, req) {
      const body = jsonObject(res);
      if (!isCall(req, 'POST', APP_PATHS.data) || res.status !== 200 || !body) return;
      const fields = requestedTypeSchema(req) ?? {};
      const number = Object.keys(fields).find((id) => isRecord(fields[id]) && fields[id]['type'] === 'number');
      if (number === undefined) return;
      for (const row of records(body['items'])) row[number] = 'twelve';
    },
  },
});
