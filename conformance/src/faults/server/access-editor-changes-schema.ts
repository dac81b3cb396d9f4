/** Fault: an Editor token changes the schema and manages webhooks: what needs Architect runs for it. */
import { defineFault } from '../fault.js';
import { asArchitect, heldOf, learnArchitect } from './access-support.js';

export default defineFault({
  id: 'server.access-editor-changes-schema',
  target: 'server',
  area: 'auth',
  breaks: 'AUTH-017',
  description: 'runs every request refused to an Editor token (svc.schema/batch, webhooks, the integrations API) with Architect rights instead',
  select: ['auth.access-levels'],
  inbound: {
    async response(res, req, state) {
      learnArchitect(req, res, state);
      if (heldOf(res.json) === 'editor') return asArchitect(req, state);
    },
  },
});
