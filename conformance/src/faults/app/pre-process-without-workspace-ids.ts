/** APP-069: pre-process accepts a valid event but does not say which workspaces it applies to (no workspaceIds). */
import { defineFault } from '../fault.js';
import { answerJson, APP_PATHS, isCall, jsonObject } from './support.js';

export default defineFault({
  id: 'app.pre-process-without-workspace-ids',
  target: 'app',
  area: 'app',
  breaks: 'APP-069',
  description: 'answers an accepted POST /api/v1/synchronizer/webhooks/pre-process (a 2xx) with {reply} only, without workspaceIds',
  select: ['app.pre-process-accepts'],
  inbound: {
    response(res, req) {
      const body = jsonObject(res);
      if (!isCall(req, 'POST', APP_PATHS.preProcess) || res.status < 200 || res.status > 299 || !body) return;
      answerJson(res, res.status, { reply: body['reply'] ?? null });
    },
  },
});
