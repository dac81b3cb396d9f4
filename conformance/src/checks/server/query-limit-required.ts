import { expectCommandError, expectStatus, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import type { Command } from '../../model/driver.js';
import { run, withTestWorkspace } from '../../workspace.js';

export default defineCheck({
  id: 'query.limit-required',
  name:
    'A query with neither q/limit nor q/no-limit, at the top or in a collection sub-query, gets 200 {success: false} named ' +
    'entity.error/query-limit-expr-not-found whose message names q/limit; with q/no-limit: true both are answered',
  level: 'SHOULD',
  area: 'command-api',
  requirements: ['CMD-ERR-004', 'CMD-ERR-001', 'QUERY-012'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const cases: Array<[string, Command]> = [
        ['a top-level query without q/limit', { command: 'svc.entity/query', args: { query: { 'q/from': n.items, 'q/select': ['svc/id'] } } }],
        [
          'a collection sub-query without q/limit',
          { command: 'svc.entity/query', args: { query: { 'q/from': n.groups, 'q/select': ['svc/id', { [n.members]: { 'q/select': ['svc/id'] } }], 'q/limit': 10 } } },
        ],
      ];
      for (const [what, command] of cases) {
        const res = await ctx.http.command(command);
        expectStatus(res, 200, what);
        const error = expectCommandError(res, what);
        if (error.name !== 'entity.error/query-limit-expr-not-found') fail(`${what}: expected entity.error/query-limit-expr-not-found, got ${error.name}`, res);
        if (!error.message.includes('q/limit')) fail(`${what}: the message ${JSON.stringify(error.message)} does not name q/limit`, res);
      }
      await run(ctx, { command: 'svc.entity/query', args: { query: { 'q/from': n.items, 'q/select': ['svc/id'], 'q/no-limit': true } } }, 'a top-level query with q/no-limit');
      await run(
        ctx,
        { command: 'svc.entity/query', args: { query: { 'q/from': n.groups, 'q/select': ['svc/id', { [n.members]: { 'q/select': ['svc/id'], 'q/no-limit': true } }], 'q/limit': 10 } } },
        'a collection sub-query with q/no-limit',
      );
    });
  },
});
