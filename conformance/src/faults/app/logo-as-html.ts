/** APP-029: GET /logo answers an HTML page instead of an SVG document. */
import { defineFault } from '../fault.js';
import { answerText, APP_PATHS, isCall } from './support.js';

export default defineFault({
  id: 'app.logo-as-html',
  target: 'app',
  area: 'app',
  breaks: 'APP-029',
  description: 'answers GET /logo with 200 text/html (a page showing the logo) instead of image/svg+xml, 204 or 302',
  select: ['app.logo'],
  inbound: {
    response(res, req) {
      if (isCall(req, 'GET', APP_PATHS.logo)) answerText(res, 200, 'text/html; charset=utf-8', '<!DOCTYPE html><html><body><img src="/files/logo.svg" alt="logo"></body></html>');
    },
  },
});
