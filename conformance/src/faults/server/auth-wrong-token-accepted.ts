/** Fault: a refused token is answered as if it were good (401 turned into 200 with a success body). */
import { defineFault } from '../fault.js';
import { jsonAnswer } from './support.js';

export default defineFault({
  id: 'server.auth-wrong-token-accepted',
  target: 'server',
  area: 'auth',
  breaks: 'AUTH-001',
  description: 'answers every request the server refused with 401 as 200 {success: true, result: null}, as if any token were good',
  select: ['auth.wrong-token'],
  inbound: {
    response(res) {
      if (res.status === 401) return jsonAnswer(200, { success: true, result: null });
    },
  },
});
