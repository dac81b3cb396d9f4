/** Fault: bad input to the command API is answered 500 with a stack trace instead of a 4xx error envelope. */
import { defineFault } from '../fault.js';
import { isCommandApi, jsonAnswer } from './support.js';

const STACK = "TypeError: Cannot read properties of undefined (reading 'command')\n    at dispatch (/srv/server/src/commands/dispatch.ts:41:17)\n    at Layer.handle (/srv/node_modules/express/lib/router/layer.js:95:5)";

export default defineFault({
  id: 'server.error-500-stack-trace',
  target: 'server',
  area: 'http',
  breaks: 'HTTP-004',
  description: 'answers a command API request the server refused with 4xx as 500 with the error\'s stack trace in the body',
  select: ['robustness.no-5xx-no-stack-trace'],
  inbound: {
    response(res, req) {
      if (isCommandApi(req) && res.status >= 400 && res.status < 500 && res.status !== 401) {
        return jsonAnswer(500, { success: false, result: { name: 'internal', message: STACK.split('\n')[0], data: { stack: STACK } } });
      }
    },
  },
});
