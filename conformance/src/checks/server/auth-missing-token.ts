import { expectUnauthorized } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { PROTECTED_ENDPOINTS } from '../../fixtures.js';

export default defineCheck({
  id: 'auth.missing-token',
  name: 'Requests without Authorization are refused with 401 and a JSON error body named auth.error/unauthorized',
  level: 'MUST',
  area: 'auth',
  requirements: ['AUTH-001'],
  target: 'server',
  async run(ctx) {
    for (const endpoint of PROTECTED_ENDPOINTS) {
      const res = await ctx.http.request({ ...endpoint.request, auth: 'none' });
      expectUnauthorized(res, endpoint.envelope, `${endpoint.label} without Authorization`);
    }
  },
});
