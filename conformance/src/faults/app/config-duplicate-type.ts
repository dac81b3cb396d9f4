/** APP-052: the config lists a type twice (types are named by id in schema and data requests). */
import { defineFault } from '../fault.js';
import { APP_PATHS, isCall, jsonObject, records } from './support.js';

export default defineFault({
  id: 'app.config-duplicate-type',
  target: 'app',
  area: 'app',
  breaks: 'APP-052',
  description: 'lists the first type of the config twice (same id, another name)',
  select: ['app.config'],
  inbound: {
    response(res, req) {
      const body = jsonObject(res);
      if (!isCall(req, 'POST', APP_PATHS.config) || !body || !Array.isArray(body['types'])) return;
      const first = records(body['types'])[0];
      if (first) body['types'].push({ ...first, name: `${String(first['name'])} (again)` });
    },
  },
});
