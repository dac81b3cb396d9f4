/** Fault: an automation call goes on after an Entity's action failed (the app's failure reads as done). */
import { defineFault } from '../fault.js';
import { APP_ACTION, isAppCall } from './support.js';

export default defineFault({
  id: 'server.action-failure-ignored',
  target: 'server',
  area: 'app',
  breaks: 'APP-075',
  description: 'takes an app\'s failed custom action for done (the failure answer reads 200 {}), so the Entities after it run too',
  select: ['sync.custom-actions'],
  outbound: {
    response(res, req) {
      if (!isAppCall(req, APP_ACTION) || res.status < 400) return;
      res.status = 200;
      res.json = {};
    },
  },
});
