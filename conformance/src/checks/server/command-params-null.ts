import { expectSuccess, fail } from '../../assert.js';
import { CheckUnsupported, defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { isRefusedKey } from '../../support.js';
import { createGroupAndTwoItems, withTestWorkspace, type Command } from '../../workspace.js';

export default defineCheck({
  id: 'command.params-null',
  name: 'svc.entity/query with "params": null (as public API clients send a query without parameters) answers what the query without params answers',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'command-api',
  requirements: ['CMD-012'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const {
        items: [a, b],
      } = await createGroupAndTwoItems(ctx, n);
      const query = { 'q/from': n.items, 'q/select': ['svc/id', n.title], 'q/order-by': [[[n.title], 'q/asc']], 'q/limit': 10 };
      const res = await ctx.http.command({ command: 'svc.entity/query', args: { query, params: null } } as unknown as Command);
      if (isRefusedKey(res, 'params')) throw new CheckUnsupported(['"params": null'], 'the target refused a query with "params": null');
      const rows = expectSuccess(res, 'a query with "params": null');
      const ids = Array.isArray(rows) ? rows.map((r: unknown) => (isRecord(r) ? String(r['svc/id']) : '')) : [];
      // Titles "one" < "two": the Items in title order.
      if (ids.join() !== [a, b].join()) fail(`a query of ${n.items} with "params": null answered ${JSON.stringify(rows)}, expected both Items in title order`, res);
    });
  },
});
