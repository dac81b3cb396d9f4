/** Fault: an account the app refuses is stored anyway (the refusal becomes a 201). */
import { defineFault } from '../fault.js';
import { isRecord, jsonAnswer, pathOf } from './support.js';

export default defineFault({
  id: 'server.account-refusal-ignored',
  target: 'server',
  area: 'app',
  breaks: 'APP-018',
  description: 'answers the addition of an account the app\'s /validate refused 201 with an account instead of a 4xx error',
  select: ['sync.account-refused'],
  inbound: {
    response(res, req) {
      if (req.method !== 'POST' || pathOf(req) !== '/api/integrations/accounts' || res.status < 400 || res.status > 499 || !isRecord(req.json)) return;
      return jsonAnswer(201, {
        id: '00000000-0000-4000-8000-000000000000',
        appUrl: req.json['appUrl'],
        appName: 'app',
        accountType: req.json['accountType'],
        name: 'refused account',
        fieldNames: isRecord(req.json['fields']) ? Object.keys(req.json['fields']) : [],
        createdAt: new Date().toISOString(),
        eventsUrl: 'http://127.0.0.1/api/integrations/events/00000000-0000-4000-8000-000000000000',
      });
    },
  },
});
