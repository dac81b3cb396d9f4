import { expectCommandError, expectNamesField, expectStatus } from '../../assert.js';
import { defineCheck } from '../../check.js';

const QUERY = { 'q/from': 'svc/user', 'q/select': ['svc/id'], 'q/limit': 1 };

export default defineCheck({
  id: 'envelope.params-must-be-object',
  name: 'params of svc.entity/query that is not an object is refused with 400 and an error envelope naming params',
  level: 'SHOULD',
  area: 'command-api',
  requirements: ['CMD-ENV-005', 'CMD-ERR-001'],
  target: 'server',
  async run(ctx) {
    for (const params of [[], ['$id'], 'svc/id']) {
      const res = await ctx.http.command({ command: 'svc.entity/query', args: { query: QUERY, params } });
      const what = `svc.entity/query with params ${JSON.stringify(params)}`;
      expectStatus(res, 400, what);
      const error = expectCommandError(res, what);
      expectNamesField(res, error, 'params', what);
    }
  },
});
