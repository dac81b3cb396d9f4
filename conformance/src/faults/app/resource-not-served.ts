/** APP-038: the resource endpoint does not serve the app://resource files the app's own data points at. */
import { defineFault } from '../fault.js';
import { answerJson, APP_PATHS, isCall } from './support.js';

export default defineFault({
  id: 'app.resource-not-served',
  target: 'app',
  area: 'app',
  breaks: 'APP-038',
  description: 'answers POST /api/v1/synchronizer/resource with 404 {message}, although the data holds app://resource addresses',
  select: ['app.resource'],
  inbound: {
    response(res, req) {
      if (isCall(req, 'POST', APP_PATHS.resource)) answerJson(res, 404, { message: 'Not found.' });
    },
  },
});
