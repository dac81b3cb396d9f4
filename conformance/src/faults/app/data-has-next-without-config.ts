/** APP-059: a data page says hasNext true but gives no nextPageConfig to ask for the next page with. */
import { defineFault } from '../fault.js';
import { APP_PATHS, isCall, jsonObject } from './support.js';

export default defineFault({
  id: 'app.data-has-next-without-config',
  target: 'app',
  area: 'app',
  breaks: 'APP-059',
  description: 'answers every data page with pagination {hasNext: true} and no nextPageConfig',
  select: ['app.data-pagination'],
  inbound: {
    response(res, req) {
      const body = jsonObject(res);
      if (isCall(req, 'POST', APP_PATHS.data) && res.status === 200 && body) body['pagination'] = { hasNext: true };
    },
  },
});
