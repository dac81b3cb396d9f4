import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { refIds } from '../../model/driver.js';
import { isRecord } from '../../shapes.js';
import { createGroupAndTwoItems, run, withTestWorkspace } from '../../workspace.js';

export default defineCheck({
  id: 'command.add-collection-items',
  name:
    'svc.entity/add-collection-items {type, entity: {svc/id}, field, items: [{svc/id}]} answers the string "ok", and the items are then in the collection ' +
    '(one-to-many and many-to-many) and see the parent through the other end of the relation',
  level: 'MUST',
  area: 'command-api',
  requirements: ['CMD-008', 'CMD-009'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const {
        group: g,
        items: [a, b],
      } = await createGroupAndTwoItems(ctx, n);
      for (const field of [n.members, n.tagged]) {
        const result = await run(
          ctx,
          { command: 'svc.entity/add-collection-items', args: { type: n.groups, entity: { 'svc/id': g }, field, items: [{ 'svc/id': a }, { 'svc/id': b }] } },
          `svc.entity/add-collection-items to ${field}`,
        );
        if (result !== 'ok') fail(`svc.entity/add-collection-items to ${field} answered ${JSON.stringify(result)}, expected the string "ok"`, ctx.http.lastExchange?.response);
      }
      const groups = await run(ctx, { command: 'svc.entity/query', args: { query: { 'q/from': n.groups, 'q/select': ['svc/id', n.members, n.tagged], 'q/limit': 10 } } }, 'querying the Group');
      const res = ctx.http.lastExchange?.response;
      const row: unknown = Array.isArray(groups) ? groups[0] : undefined;
      for (const field of [n.members, n.tagged]) {
        const ids = refIds(isRecord(row) ? row[field] : undefined).sort();
        if (ids.join() !== [a, b].sort().join()) fail(`after adding ${a} and ${b} to ${field}: the collection holds ${JSON.stringify(ids)}`, res);
      }
      const items = await run(ctx, { command: 'svc.entity/query', args: { query: { 'q/from': n.items, 'q/select': ['svc/id', n.group, n.tags], 'q/limit': 10 } } }, 'querying the Items');
      const itemsRes = ctx.http.lastExchange?.response;
      for (const item of Array.isArray(items) ? items : []) {
        if (!isRecord(item)) continue;
        if (refIds(item[n.group]).join() !== g) fail(`item ${String(item['svc/id'])} was added to ${n.members} of ${g}, but its ${n.group} is ${JSON.stringify(item[n.group])}`, itemsRes);
        if (refIds(item[n.tags]).join() !== g) fail(`item ${String(item['svc/id'])} was added to ${n.tagged} of ${g}, but its ${n.tags} is ${JSON.stringify(item[n.tags])}`, itemsRes);
      }
    });
  },
});
