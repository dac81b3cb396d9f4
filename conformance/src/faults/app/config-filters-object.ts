/** APP-053: the config's `filters` is an object keyed by filter id instead of an array of filters. */
import { defineFault } from '../fault.js';
import { APP_PATHS, isCall, jsonObject, records } from './support.js';

export default defineFault({
  id: 'app.config-filters-object',
  target: 'app',
  area: 'app',
  breaks: 'APP-053',
  description: 'answers the config with "filters" as an object keyed by filter id instead of an array',
  select: ['app.config'],
  inbound: {
    response(res, req) {
      const body = jsonObject(res);
      if (!isCall(req, 'POST', APP_PATHS.config) || !body) return;
      body['filters'] = Object.fromEntries(records(body['filters']).map((f) => [String(f['id']), f]));
    },
  },
});
