import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { withTestWorkspace } from '../../workspace.js';
import { queryRows } from './lib/client.js';
import { RESULT, entityIds, mutate, requireMutations, resultOf } from './lib/mutations.js';

export default defineCheck({
  id: 'graphql.mutation-update',
  name:
    'A server with GraphQL mutations updates the Entities its filter arguments select with `update(...)`, and runs `updateBatch(data: [...])` item by item, in order; ' +
    'Entities the filter does not select keep their values, and the actions after a `create` act on the Entity created',
  level: 'MUST',
  unsupported: 'MAY',
  area: 'graphql',
  requirements: ['GQL-048', 'GQL-050'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      await requireMutations(ctx, n.space);
      await mutate(ctx, n.space, `mutation { items { createBatch(data: [{title: "u", count: 1}, {title: "u", count: 2}, {title: "other", count: 3}]) ${RESULT} } }`, 'items', 'creating three Items');
      const { res, ops } = await mutate(ctx, n.space, `mutation { items(title: {is: "u"}) { update(count: 40, done: false) ${RESULT} } }`, 'items', 'update of the Items titled u');
      if (resultOf(res, ops, 'update', 'update').entities.length !== 2) fail(`update should act on the two Items titled "u", it names ${JSON.stringify(ops['update']?.entities)}`, res);
      const read = async () => queryRows(ctx, n.space, `{ findItems(orderBy: {count: ASC}) { title count done } }`, 'findItems', 'reading the Items back');
      let rows = await read();
      if (JSON.stringify(rows) !== JSON.stringify([{ title: 'other', count: 3, done: null }, { title: 'u', count: 40, done: false }, { title: 'u', count: 40, done: false }])) {
        fail(`after update(count: 40, done: false) on the Items titled "u", findItems reads ${JSON.stringify(rows)}`, res);
      }
      await mutate(ctx, n.space, `mutation { items(title: {is: "u"}) { updateBatch(data: [{count: 5}, {title: "v"}]) ${RESULT} } }`, 'items', 'updateBatch of the Items titled u');
      rows = await read();
      if (JSON.stringify(rows) !== JSON.stringify([{ title: 'other', count: 3, done: null }, { title: 'v', count: 5, done: false }, { title: 'v', count: 5, done: false }])) {
        fail(`after updateBatch(data: [{count: 5}, {title: "v"}]) on the Items titled "u", findItems reads ${JSON.stringify(rows)}`);
      }
      // After a create, the actions act on the Entity created.
      const made = await mutate(ctx, n.space, `mutation { items { create(title: "fresh") ${RESULT} update(count: 9) ${RESULT} } }`, 'items', 'create, then update');
      const created = entityIds(resultOf(made.res, made.ops, 'create', 'create'));
      const updated = entityIds(resultOf(made.res, made.ops, 'update', 'update'));
      if (JSON.stringify(created) !== JSON.stringify(updated)) fail(`an update after a create should act on the Entity created ${JSON.stringify(created)}, it acted on ${JSON.stringify(updated)}`, made.res);
    });
  },
});
