/** AUTH-007: two account types of the same OAuth version. */
import { defineFault } from '../fault.js';
import { APP_PATHS, isCall, jsonObject, records } from './support.js';

export default defineFault({
  id: 'app.auth-oauth-twice',
  target: 'app',
  area: 'auth',
  breaks: 'AUTH-007',
  description: 'lists the OAuth account type a second time in GET / (one authentication type per OAuth version)',
  select: ['app.authentication'],
  inbound: {
    response(res, req) {
      const body = jsonObject(res);
      if (!isCall(req, 'GET', APP_PATHS.info) || !body || !Array.isArray(body['authentication'])) return;
      const oauth = records(body['authentication']).find((e) => e['id'] === 'oauth2' || e['id'] === 'oauth');
      if (oauth) body['authentication'].push({ ...oauth, name: `${String(oauth['name'])} (second)` });
    },
  },
});
