import { expectSuccess, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { SCHEMA_QUERY } from '../../fixtures.js';
import { isRecord } from '../../shapes.js';

export default defineCheck({
  id: 'schema.lists-user-type',
  name: 'The schema returned by svc.schema/query lists the user type svc/user',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'schema',
  requirements: ['SCHEMA-002'],
  target: 'server',
  async run(ctx) {
    const res = await ctx.http.command(SCHEMA_QUERY);
    const result = expectSuccess(res, 'svc.schema/query');
    const types = isRecord(result) ? result['svc/types'] : undefined;
    const names = Array.isArray(types) ? types.map((t: unknown) => (isRecord(t) ? t['svc/name'] : undefined)) : [];
    if (!names.includes('svc/user')) {
      fail(`svc.schema/query: svc/types has no type named "svc/user" (types: ${JSON.stringify(names.slice(0, 20))})`, res);
    }
  },
});
