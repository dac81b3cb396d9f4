/** Fault: the 401 of a request without token carries another error name than auth.error/unauthorized. */
import { defineFault } from '../fault.js';
import { isRecord } from './support.js';

export default defineFault({
  id: 'server.auth-error-renamed',
  target: 'server',
  area: 'auth',
  breaks: 'AUTH-001',
  description: 'names the error of a 401 auth.error/forbidden instead of auth.error/unauthorized (in plain and in command envelopes)',
  select: ['auth.missing-token'],
  inbound: {
    response(res) {
      if (res.status !== 401 || !isRecord(res.json)) return;
      const error = isRecord(res.json['result']) ? res.json['result'] : res.json;
      if (error['name'] === 'auth.error/unauthorized') error['name'] = 'auth.error/forbidden';
    },
  },
});
