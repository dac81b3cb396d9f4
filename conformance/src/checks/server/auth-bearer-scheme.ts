import { describeRequest, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { PROTECTED_ENDPOINTS } from '../../fixtures.js';

/** Read-only operations: sending them authorized twice changes nothing. */
const READ_ONLY = new Set([
  'POST /api/commands',
  'GET /api/documents/<secret>',
  'POST /api/documents/commands',
  'GET /api/webhooks/v2',
  'POST /api/graphql/space/<space>',
]);

export default defineCheck({
  id: 'auth.bearer-scheme',
  name: 'Authorization: Bearer <token> is accepted like Token <token>',
  level: 'SHOULD',
  area: 'auth',
  requirements: ['AUTH-003'],
  target: 'server',
  async run(ctx) {
    for (const endpoint of PROTECTED_ENDPOINTS.filter((e) => READ_ONLY.has(e.label))) {
      const withToken = await ctx.http.request({ ...endpoint.request, auth: 'token' });
      if (withToken.status === 401) {
        throw new Error(`${describeRequest(withToken)} refuses the --token given (Token scheme, status 401): check the token`);
      }
      const withBearer = await ctx.http.request({ ...endpoint.request, auth: 'bearer' });
      if (withBearer.status !== withToken.status) {
        fail(
          `${endpoint.label} with "Authorization: Bearer <token>" answered ${withBearer.status}, but ${withToken.status} with "Token <token>"`,
          withBearer,
        );
      }
    }
  },
});
