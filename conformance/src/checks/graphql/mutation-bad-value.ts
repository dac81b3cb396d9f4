import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { withTestWorkspace } from '../../workspace.js';
import { postGraphql, queryRows } from './lib/client.js';
import { firstError, requireMutations } from './lib/mutations.js';

export default defineCheck({
  id: 'graphql.mutation-bad-value',
  name:
    'A server with GraphQL mutations refuses a value the command API refuses with the same error name in extensions.code, naming the field, and the whole mutation ' +
    'field writes nothing (its earlier actions are undone)',
  level: 'MUST',
  unsupported: 'MAY',
  area: 'graphql',
  requirements: ['GQL-055', 'GQL-048'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      await requireMutations(ctx, n.space);
      const viaCommand = await ctx.http.command({ command: 'svc.entity/create', args: { type: n.items, entity: { [n.title]: 'x', [n.due]: 'not a date' } } });
      const result = isRecord(viaCommand.json) ? viaCommand.json['result'] : undefined;
      const name = isRecord(result) ? result['name'] : undefined;
      if (typeof name !== 'string') fail(`svc.entity/create with ${n.due} "not a date" should fail, it answered ${JSON.stringify(viaCommand.json)?.slice(0, 300)}`, viaCommand);
      const res = await postGraphql(ctx, n.space, { query: 'mutation { items { create(title: "atomic") { message } update(due: "not a date") { message } } }' });
      if (res.status !== 200) fail(`a mutation whose action fails while running should be answered 200 with errors, got ${res.status}`, res);
      const error = firstError(res, 'items', 'update(due: "not a date")');
      if (error.extensions['code'] !== name) fail(`extensions.code should be ${name} (the command API's error for the same value), got ${JSON.stringify(error.extensions['code'])}`, res);
      if (error.extensions['field'] !== n.due && !error.message.includes(n.due) && !error.message.includes('due')) fail(`the error should name the field ${n.due}: ${JSON.stringify(error)}`, res);
      const rows = await queryRows(ctx, n.space, `{ findItems(title: {is: "atomic"}) { id } }`, 'findItems', 'looking for the Item the failed mutation created first');
      if (rows.length > 0) fail(`the create before the failed update stayed: ${JSON.stringify(rows)} (one mutation field is all or nothing)`, res);
    });
  },
});
