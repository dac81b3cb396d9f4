import { expectSuccess, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { SCHEMA_QUERY } from '../../fixtures.js';
import { isRecord, kindOf } from '../../shapes.js';

export default defineCheck({
  id: 'schema.query-without-args',
  name: 'svc.schema/query without args answers 200 {success: true, result: {svc/version, svc/meta, svc/types}}',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'schema',
  requirements: ['SCHEMA-001', 'CMD-ENV-002', 'CMD-ENV-003', 'CMD-ENV-007', 'CMD-ERR-002'],
  target: 'server',
  async run(ctx) {
    const res = await ctx.http.command(SCHEMA_QUERY);
    const what = 'svc.schema/query without args';
    const result = expectSuccess(res, what);
    if (!isRecord(result)) fail(`${what}: result is ${kindOf(result)}, expected an object`, res);
    for (const key of ['svc/version', 'svc/meta']) {
      if (!(key in result) || result[key] === null) fail(`${what}: result has no "${key}"`, res);
    }
    const types = result['svc/types'];
    if (!Array.isArray(types)) fail(`${what}: result["svc/types"] is ${kindOf(types)}, expected an array`, res);
    types.forEach((type: unknown, index: number) => {
      if (!isRecord(type) || typeof type['svc/name'] !== 'string') fail(`${what}: svc/types[${index}] has no string "svc/name"`, res);
      if (!Array.isArray(type['svc/fields'])) fail(`${what}: svc/types[${index}] (${type['svc/name']}) has no "svc/fields" array`, res);
    });
  },
});
