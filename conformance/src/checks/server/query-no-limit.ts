import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { createGroupAndTwoItems, run, withTestWorkspace } from '../../workspace.js';

export default defineCheck({
  id: 'query.no-limit',
  name: 'q/no-limit returns every match in one response, on a top-level query and on a collection sub-query',
  level: 'MUST',
  area: 'limits',
  requirements: ['LIMIT-004', 'LIMIT-005'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const {
        group,
        items: [a, b],
      } = await createGroupAndTwoItems(ctx, n);
      await run(ctx, { command: 'svc.entity/add-collection-items', args: { type: n.groups, entity: { 'svc/id': group }, field: n.members, items: [{ 'svc/id': a }, { 'svc/id': b }] } }, 'adding both Items to the Group');
      const items = await run(ctx, { command: 'svc.entity/query', args: { query: { 'q/from': n.items, 'q/select': ['svc/id'], 'q/no-limit': true } } }, 'a top-level query with q/no-limit');
      if (!Array.isArray(items) || items.length !== 2) fail(`a top-level q/no-limit query of ${n.items} answered ${JSON.stringify(items)}, expected both Items`, ctx.http.lastExchange?.response);
      const groups = await run(
        ctx,
        { command: 'svc.entity/query', args: { query: { 'q/from': n.groups, 'q/select': [{ [n.members]: { 'q/select': ['svc/id'], 'q/no-limit': true } }], 'q/limit': 1 } } },
        'a collection sub-query with q/no-limit',
      );
      const members = Array.isArray(groups) && groups[0] && typeof groups[0] === 'object' ? (groups[0] as Record<string, unknown>)[n.members] : undefined;
      if (!Array.isArray(members) || members.length !== 2) fail(`a q/no-limit sub-query of ${n.members} answered ${JSON.stringify(members)}, expected both Items`, ctx.http.lastExchange?.response);
    });
  },
});
