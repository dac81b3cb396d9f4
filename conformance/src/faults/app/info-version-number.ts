/** VER-006: the app information carries its version as a number, not a version string. */
import { defineFault } from '../fault.js';
import { APP_PATHS, isCall, jsonObject } from './support.js';

export default defineFault({
  id: 'app.info-version-number',
  target: 'app',
  area: 'versioning',
  breaks: 'VER-006',
  description: 'answers the app information (GET /) with version 2, a number instead of the version string',
  select: ['app.information'],
  inbound: {
    response(res, req) {
      const body = jsonObject(res);
      if (isCall(req, 'GET', APP_PATHS.info) && body) body['version'] = 2;
    },
  },
});
