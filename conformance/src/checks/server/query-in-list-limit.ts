import { expectCommandError, expectSuccess, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { createGroupAndTwoItems, withTestWorkspace, type Command } from '../../workspace.js';

/** The most values of a q/in / q/not-in list (spec/query-semantics.md). */
const MAX_LIST = 10_000;

/**
 * How long one such query may take: the largest list the spec allows takes an embedded database
 * seconds (more on a busy machine) where the suite's default bound of a request is 10 s; a hang is
 * still cut, and so is the check at its own deadline.
 */
const LIST_QUERY_TIMEOUT_MS = 60_000;

export default defineCheck({
  id: 'query.in-list-limit',
  name: 'A q/in or q/not-in list of exactly 10000 values is answered; one of 10001 is refused with entity.error/query-value-invalid',
  level: 'SHOULD',
  area: 'limits',
  requirements: ['LIMIT-008'],
  target: 'server',
  // A statement with 10000 parameters takes the embedded database seconds to parse.
  cost: 'slow',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const { items } = await createGroupAndTwoItems(ctx, n);
      // Numbers 1..size, with the title of neither Item among them (their counts are unset).
      const list = (size: number): number[] => Array.from({ length: size }, (_, i) => i + 1);
      const query = (op: 'q/in' | 'q/not-in', size: number): Command => ({
        command: 'svc.entity/query',
        args: { query: { 'q/from': n.items, 'q/select': ['svc/id'], 'q/where': [op, [n.count], '$values'], 'q/limit': 10 }, params: { $values: list(size) } },
      });
      // No Item has a count: q/in matches neither.
      const rows = expectSuccess(await ctx.http.command(query('q/in', MAX_LIST), { timeoutMs: LIST_QUERY_TIMEOUT_MS }), `q/in with a $param list of ${MAX_LIST} values`);
      if (!Array.isArray(rows) || rows.length !== 0) fail(`q/in with ${MAX_LIST} values answered ${JSON.stringify(rows).slice(0, 200)}, expected no Entity (neither of ${items.join(', ')} has a count)`, ctx.http.lastExchange?.response);
      for (const op of ['q/in', 'q/not-in'] as const) {
        const what = `${op} with a $param list of ${MAX_LIST + 1} values`;
        const res = await ctx.http.command(query(op, MAX_LIST + 1), { timeoutMs: LIST_QUERY_TIMEOUT_MS });
        const error = expectCommandError(res, what);
        if (error.name !== 'entity.error/query-value-invalid') fail(`${what}: expected entity.error/query-value-invalid, got ${error.name}: ${error.message}`, res);
      }
    });
  },
});
