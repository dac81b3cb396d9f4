/** APP-066: the webhook registration comes without its workspaceId. */
import { defineFault } from '../fault.js';
import { APP_PATHS, isCall, jsonObject } from './support.js';

export default defineFault({
  id: 'app.webhooks-without-workspace-id',
  target: 'app',
  area: 'app',
  breaks: 'APP-066',
  description: 'leaves workspaceId out of the webhook registrations of POST /api/v1/synchronizer/webhooks',
  select: ['app.webhooks-install'],
  inbound: {
    response(res, req) {
      const body = jsonObject(res);
      if (isCall(req, 'POST', APP_PATHS.webhooks) && res.status === 200 && body) delete body['workspaceId'];
    },
  },
});
