/** APP-022: the config's `webhooks` has a type other than `ui`. */
import { defineFault } from '../fault.js';
import { APP_PATHS, isCall, jsonObject } from './support.js';

export default defineFault({
  id: 'app.config-webhooks-type',
  target: 'app',
  area: 'app',
  breaks: 'APP-022',
  description: 'answers the config with webhooks {enabled: true, type: "api"} (the type is ui)',
  select: ['app.config'],
  inbound: {
    response(res, req) {
      const body = jsonObject(res);
      if (isCall(req, 'POST', APP_PATHS.config) && body) body['webhooks'] = { enabled: true, type: 'api' };
    },
  },
});
