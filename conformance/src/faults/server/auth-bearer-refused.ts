/** Fault: the Bearer scheme is refused (the token behind it is spoilt on the way in). */
import { defineFault } from '../fault.js';

export default defineFault({
  id: 'server.auth-bearer-refused',
  target: 'server',
  area: 'auth',
  breaks: 'AUTH-003',
  description: 'refuses Authorization: Bearer <token> (the token is spoilt before it reaches the server), while Token <token> works',
  select: ['auth.bearer-scheme'],
  inbound: {
    request(req) {
      const auth = req.headers['authorization'];
      if (auth !== undefined && /^bearer\s/i.test(auth)) req.headers['authorization'] = `${auth}-refused`;
    },
  },
});
