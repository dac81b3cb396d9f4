/** Fault: a data page answered tryLater is taken as a failure (tryLater is not read). */
import { defineFault } from '../fault.js';
import { APP_DATA, isAppCall, isRecord } from './support.js';

export default defineFault({
  id: 'server.sync-try-later-ignored',
  target: 'server',
  area: 'app',
  breaks: 'APP-ERR-005',
  description: 'does not read tryLater in a data answer (the page is not asked again later)',
  select: ['sync.try-later'],
  outbound: {
    response(res, req) {
      if (isAppCall(req, APP_DATA) && isRecord(res.json) && 'tryLater' in res.json) delete res.json['tryLater'];
    },
  },
});
