/** Fault: an unknown route is answered with an HTML page instead of a JSON error body. */
import { defineFault } from '../fault.js';
import { pathOf } from './support.js';

export default defineFault({
  id: 'server.unknown-route-html',
  target: 'server',
  area: 'http',
  breaks: 'HTTP-001',
  description: 'answers a request to an unknown route under /api 404 with an HTML page instead of the JSON body {name, message}',
  select: ['routing.unknown-route'],
  inbound: {
    response(res, req) {
      if (res.status !== 404 || !pathOf(req).startsWith('/api/')) return;
      const body = Buffer.from(`<!DOCTYPE html><html><body><pre>Cannot ${req.method} ${pathOf(req)}</pre></body></html>`);
      return { status: 404, headers: { 'content-type': 'text/html; charset=utf-8' }, body };
    },
  },
});
