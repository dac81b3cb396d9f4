import { randomUUID } from 'node:crypto';
import { expectSuccess } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { SCHEMA_QUERY } from '../../fixtures.js';

export default defineCheck({
  id: 'envelope.object-in-object-out',
  name: 'A single command object gets a single {success, result} object with status 200',
  level: 'MUST',
  area: 'command-api',
  requirements: ['CMD-ENV-001', 'CMD-ENV-003', 'CMD-ENV-004', 'CMD-ENV-007', 'CMD-ERR-002'],
  target: 'server',
  async run(ctx) {
    // Without correlationId (optional), then with one.
    for (const body of [SCHEMA_QUERY, { ...SCHEMA_QUERY, correlationId: randomUUID() }]) {
      const res = await ctx.http.command(body);
      expectSuccess(res, `single command ${JSON.stringify(body)}`);
    }
  },
});
