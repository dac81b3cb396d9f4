/** Fault: data requests never carry lastSynchronizedAt, so the app cannot send a delta. */
import { defineFault } from '../fault.js';
import { APP_DATA, isAppCall, isRecord } from './support.js';

export default defineFault({
  id: 'server.sync-no-last-synchronized-at',
  target: 'server',
  area: 'app',
  breaks: 'APP-056',
  description: 'sends data requests without lastSynchronizedAt, also after a successful run',
  select: ['sync.data-requests'],
  outbound: {
    request(req) {
      if (isAppCall(req, APP_DATA) && isRecord(req.json)) delete req.json['lastSynchronizedAt'];
    },
  },
});
