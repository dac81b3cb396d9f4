import { expectCommandError, expectSuccess, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { dataProblems } from '../../error-data.js';
import { createGroupAndTwoItems, withTestWorkspace, type Command } from '../../workspace.js';

/** The most values of a q/in / q/not-in list (spec/query-semantics.md). */
const MAX_LIST = 10_000;

/**
 * How long one such query may take: the largest list of distinct values the spec allows takes an
 * embedded database seconds (more on a busy machine) where the suite's default bound of a request
 * is 10 s; a hang is still cut, and so is the check at its own deadline.
 */
const LIST_QUERY_TIMEOUT_MS = 60_000;

export default defineCheck({
  id: 'query.in-list-limit',
  name:
    'A q/in or q/not-in list of exactly 10000 values is answered; one of 10001 is refused with entity.error/query-value-invalid, data.field naming where it is ' +
    '(the quick profile repeats one value, the full profile sends distinct ones)',
  level: 'SHOULD',
  area: 'limits',
  requirements: ['LIMIT-008'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const { items } = await createGroupAndTwoItems(ctx, n);
      // Numbers 1..size, with the count of neither Item among them (their counts are unset). The
      // limit counts values, repeated ones too: the quick profile sends 1 again and again, a
      // list a server reads at once, where 10000 distinct values take an embedded database seconds.
      const list = (size: number): number[] => Array.from({ length: size }, (_, i) => (ctx.profile === 'quick' ? 1 : i + 1));
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
        const problems = dataProblems(error.name, error.data);
        if (problems.length > 0) fail(`${what}: ${error.name} does not carry the data the spec gives it (data.field naming where the list is): ${problems.join('; ')}`, res);
      }
    });
  },
});
