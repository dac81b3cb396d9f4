/** Fault: an array of commands with one refused command is refused whole: every result becomes that refusal. */
import { defineFault } from '../fault.js';
import { heldOf } from './access-support.js';
import { isCommandApi, jsonAnswer } from './support.js';

export default defineFault({
  id: 'server.access-array-refused-whole',
  target: 'server',
  area: 'auth',
  breaks: 'AUTH-019',
  description: 'answers every command of an array with the auth.error/forbidden of the one refused command, as if the array were one request',
  select: ['auth.access-levels'],
  inbound: {
    response(res, req) {
      if (!isCommandApi(req) || !Array.isArray(res.json)) return;
      const refusal = res.json.find((result: unknown) => heldOf(result) !== undefined);
      if (refusal !== undefined) return jsonAnswer(res.status, res.json.map(() => refusal));
    },
  },
});
