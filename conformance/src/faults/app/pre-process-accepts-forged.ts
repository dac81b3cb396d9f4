/** APP-067: webhook pre-processing does not verify the incoming request: a made-up event is accepted for a workspace. */
import { defineFault } from '../fault.js';
import { answerJson, APP_PATHS, isCall } from './support.js';

export default defineFault({
  id: 'app.pre-process-accepts-forged',
  target: 'app',
  area: 'app',
  breaks: 'APP-067',
  description: 'answers every POST /api/v1/synchronizer/webhooks/pre-process with 200 and workspaceIds ["acme"], whatever its signature',
  select: ['app.pre-process-unverified'],
  inbound: {
    response(res, req) {
      if (isCall(req, 'POST', APP_PATHS.preProcess)) answerJson(res, 200, { reply: { ok: true }, workspaceIds: ['acme'] });
    },
  },
});
