import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { withTestWorkspace } from '../../workspace.js';
import { queryRows } from './lib/client.js';
import { RESULT, mutate, requireMutations, resultOf } from './lib/mutations.js';

export default defineCheck({
  id: 'graphql.mutation-update-related',
  name: 'A server with GraphQL mutations sets with `update<F>(<fields of the target Input>)` the given values on the Entities relation F of the selected Entities links to, and on no other',
  level: 'MUST',
  unsupported: 'MAY',
  area: 'graphql',
  requirements: ['GQL-048', 'GQL-058'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      await requireMutations(ctx, n.space);
      await mutate(ctx, n.space, `mutation { groups { createBatch(data: [{name: "g"}, {name: "t1"}, {name: "t2"}, {name: "other"}]) ${RESULT} } }`, 'groups', 'creating four Groups');
      await mutate(ctx, n.space, `mutation { items { create(title: "a", group: {name: {is: "g"}}, tags: [{name: {in: ["t1", "t2"]}}]) ${RESULT} } }`, 'items', 'creating an Item linked to them');
      const { res, ops } = await mutate(ctx, n.space, `mutation { items(title: {is: "a"}) { updateGroup(name: "g renamed") ${RESULT} updateTags(name: "tag renamed") ${RESULT} } }`, 'items', 'updateGroup and updateTags');
      const counts = ['updateGroup', 'updateTags'].map((key) => resultOf(res, ops, key, key).entities.length);
      if (JSON.stringify(counts) !== '[1,2]') fail(`updateGroup should name the one linked Group and updateTags the two linked tags; they name ${JSON.stringify(counts)} Entities`, res);
      const rows = await queryRows(ctx, n.space, `{ findGroups(orderBy: {name: ASC}) { name } }`, 'findGroups', 'reading the Groups back');
      const names = rows.map((r) => (r as { name: unknown }).name);
      if (JSON.stringify(names) !== JSON.stringify(['g renamed', 'other', 'tag renamed', 'tag renamed'])) {
        fail(`after updateGroup(name: "g renamed") and updateTags(name: "tag renamed") the Groups should read g renamed, other, tag renamed, tag renamed; they read ${JSON.stringify(names)}`, res);
      }
    });
  },
});
