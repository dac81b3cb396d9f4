/** Fault: an array of commands is answered with a single object (the first result) instead of an array. */
import { defineFault } from '../fault.js';
import { isCommandApi } from './support.js';

export default defineFault({
  id: 'server.envelope-array-as-object',
  target: 'server',
  area: 'command-api',
  breaks: 'CMD-ENV-004',
  description: 'answers an array of commands with the first {success, result} object alone instead of an array of one result per command',
  select: ['envelope.array-in-array-out'],
  inbound: {
    response(res, req) {
      if (isCommandApi(req) && Array.isArray(req.json) && Array.isArray(res.json) && res.json.length > 0) res.json = res.json[0];
    },
  },
});
