import { expectPlainError, expectStatus } from '../../assert.js';
import { defineCheck } from '../../check.js';

export default defineCheck({
  id: 'routing.unknown-route',
  name: 'An unknown route under /api answers 404 with a JSON error body {name, message}',
  level: 'SHOULD',
  area: 'http',
  requirements: ['HTTP-001', 'HTTP-002'],
  target: 'server',
  async run(ctx) {
    const requests = [
      { method: 'GET', path: '/api/nope' },
      { method: 'POST', path: '/api/nope/deeper', json: { command: 'svc.schema/query' } },
      { method: 'GET', path: '/api/webhooks/v1' },
    ];
    for (const request of requests) {
      const res = await ctx.http.request(request);
      const what = `unknown route ${request.method} ${request.path}`;
      expectStatus(res, 404, what);
      expectPlainError(res, what);
    }
  },
});
