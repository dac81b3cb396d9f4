/**
 * APP-059: pagination never ends: every data page says hasNext true with a new nextPageConfig
 * (the fault's own page counter, taken off the request again before it reaches the app, which
 * answers its first page each time).
 */
import { isRecord } from '../../shapes.js';
import { defineFault } from '../fault.js';
import { APP_PATHS, isCall, jsonObject, requestBody } from './support.js';

const MARK = 'svcFaultPage';

export default defineFault({
  id: 'app.data-endless-pages',
  target: 'app',
  area: 'app',
  breaks: 'APP-059',
  description: 'answers every data page with hasNext true and a nextPageConfig never seen before, so that pagination never ends',
  select: ['app.data-pagination'],
  inbound: {
    request(req, state) {
      if (!isCall(req, 'POST', APP_PATHS.data)) return;
      const body = requestBody(req);
      const pagination = body['pagination'];
      const page = isRecord(pagination) && typeof pagination[MARK] === 'number' ? pagination[MARK] : 1;
      state.set('page', page);
      if (isRecord(pagination) && MARK in pagination) delete body['pagination'];
    },
    response(res, req, state) {
      const body = jsonObject(res);
      if (!isCall(req, 'POST', APP_PATHS.data) || res.status !== 200 || !body) return;
      const page = state.get('page');
      body['pagination'] = { hasNext: true, nextPageConfig: { [MARK]: (typeof page === 'number' ? page : 1) + 1 } };
    },
  },
});
