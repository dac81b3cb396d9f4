/** APP-001: the app information of GET / leaves out `responsibleFor`. */
import { defineFault } from '../fault.js';
import { APP_PATHS, isCall, jsonObject } from './support.js';

export default defineFault({
  id: 'app.info-without-responsible-for',
  target: 'app',
  area: 'app',
  breaks: 'APP-001',
  description: 'leaves responsibleFor out of the app information (GET /)',
  select: ['app.information'],
  inbound: {
    response(res, req) {
      const body = jsonObject(res);
      if (isCall(req, 'GET', APP_PATHS.info) && body) delete body['responsibleFor'];
    },
  },
});
