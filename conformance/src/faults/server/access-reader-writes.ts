/** Fault: a Reader token writes: what the server refused to a Reader runs with the Architect's rights. */
import { defineFault } from '../fault.js';
import { asArchitect, heldOf, learnArchitect } from './access-support.js';

export default defineFault({
  id: 'server.access-reader-writes',
  target: 'server',
  area: 'auth',
  breaks: 'AUTH-016',
  description: 'runs every request refused to a Reader token (Entity and document writes, schema changes, webhooks) with full rights instead',
  select: ['auth.access-levels'],
  inbound: {
    async response(res, req, state) {
      learnArchitect(req, res, state);
      if (heldOf(res.json) === 'reader') return asArchitect(req, state);
    },
  },
});
