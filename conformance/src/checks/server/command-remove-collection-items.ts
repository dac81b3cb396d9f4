import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { refIds } from '../../model/driver.js';
import { isRecord } from '../../shapes.js';
import { createGroupAndTwoItems, run, withTestWorkspace } from '../../workspace.js';

export default defineCheck({
  id: 'command.remove-collection-items',
  name: 'svc.entity/remove-collection-items (the args of add-collection-items) answers "ok" and takes the items out of the collection, leaving the others',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'command-api',
  requirements: ['CMD-011'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const {
        group: g,
        items: [a, b],
      } = await createGroupAndTwoItems(ctx, n);
      for (const field of [n.members, n.tagged]) {
        const args = { type: n.groups, entity: { 'svc/id': g }, field, items: [{ 'svc/id': a }, { 'svc/id': b }] };
        await run(ctx, { command: 'svc.entity/add-collection-items', args }, `svc.entity/add-collection-items to ${field}`);
        const result = await run(ctx, { command: 'svc.entity/remove-collection-items', args: { ...args, items: [{ 'svc/id': a }] } }, `svc.entity/remove-collection-items from ${field}`);
        if (result !== 'ok') fail(`svc.entity/remove-collection-items from ${field} answered ${JSON.stringify(result)}, expected "ok"`, ctx.http.lastExchange?.response);
      }
      const rows = await run(ctx, { command: 'svc.entity/query', args: { query: { 'q/from': n.groups, 'q/select': ['svc/id', n.members, n.tagged], 'q/limit': 10 } } }, 'querying the Group');
      const row: unknown = Array.isArray(rows) ? rows[0] : undefined;
      for (const field of [n.members, n.tagged]) {
        const ids = refIds(isRecord(row) ? row[field] : undefined);
        if (ids.join() !== b) fail(`after adding ${a} and ${b} to ${field} and removing ${a}: the collection holds ${JSON.stringify(ids)}, expected only ${b}`, ctx.http.lastExchange?.response);
      }
      const items = await run(ctx, { command: 'svc.entity/query', args: { query: { 'q/from': n.items, 'q/select': ['svc/id', n.group, n.tags], 'q/where': ['=', ['svc/id'], '$a'], 'q/limit': 1 }, params: { $a: a } } }, 'querying the removed Item');
      const item: unknown = Array.isArray(items) ? items[0] : undefined;
      if (!isRecord(item) || item[n.group] !== null || refIds(item[n.tags]).length !== 0) {
        fail(`${a} was removed from both collections of ${g}, but it reads ${JSON.stringify(item)}`, ctx.http.lastExchange?.response);
      }
    });
  },
});
