import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { withTestWorkspace } from '../../workspace.js';
import { queryRows } from './lib/client.js';
import { RESULT, mutate, requireMutations, resultOf } from './lib/mutations.js';

export default defineCheck({
  id: 'graphql.mutation-delete-related',
  name:
    'A server with GraphQL mutations deletes with `delete<F>` the Entity a to-one relation F of the selected Entities links to, and with `delete<F>(<target filter>)` ' +
    'the linked collection items matching the filter (an argument given as null counts as not given), and no other; the results name no document',
  level: 'MUST',
  unsupported: 'MAY',
  area: 'graphql',
  requirements: ['GQL-048', 'GQL-059'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      await requireMutations(ctx, n.space);
      await mutate(ctx, n.space, `mutation { groups { createBatch(data: [{name: "g"}, {name: "t1"}, {name: "t2"}, {name: "t3"}, {name: "other t1"}]) ${RESULT} } }`, 'groups', 'creating five Groups');
      await mutate(ctx, n.space, `mutation { items { create(title: "a", group: {name: {is: "g"}}, tags: [{name: {in: ["t1", "t2", "t3"]}}]) ${RESULT} } }`, 'items', 'creating an Item linked to them');
      // A filter argument given as null is ignored (not given): the other one still filters; a filter given alone filters too.
      const keys = ['withNull', 'alone', 'deleteGroup'];
      const { res, ops } = await mutate(
        ctx,
        n.space,
        `mutation { items(title: {is: "a"}) { withNull: deleteTags(name: {contains: "t1"}, id: null) ${RESULT} alone: deleteTags(name: {is: "t3"}) ${RESULT} deleteGroup ${RESULT} } }`,
        'items',
        'deleteTags (twice) and deleteGroup',
      );
      const counts = keys.map((key) => resultOf(res, ops, key, key).entities.length);
      if (JSON.stringify(counts) !== '[1,1,1]') {
        fail(`deleteTags(name: {contains: "t1"}, id: null) should name the one linked tag t1, deleteTags(name: {is: "t3"}) the one linked tag t3 and deleteGroup the one linked Group; they name ${JSON.stringify(counts)} Entities`, res);
      }
      const documents = keys.flatMap((key) => resultOf(res, ops, key, key).documents);
      if (documents.length !== 0) fail(`deleteTags and deleteGroup write no document and should name none, they name ${JSON.stringify(documents)}`, res);
      const groups = (await queryRows(ctx, n.space, `{ findGroups(orderBy: {name: ASC}) { name } }`, 'findGroups', 'reading the Groups left')).map((r) => (r as { name: unknown }).name);
      if (JSON.stringify(groups) !== JSON.stringify(['other t1', 't2'])) fail(`after deleteTags(name: {contains: "t1"}), deleteTags(name: {is: "t3"}) and deleteGroup the Groups left should be other t1 and t2 (an unlinked match stays); they are ${JSON.stringify(groups)}`, res);
      const items = await queryRows(ctx, n.space, `{ findItems { title group { name } tags { name } } }`, 'findItems', 'reading the Item back');
      if (JSON.stringify(items) !== JSON.stringify([{ title: 'a', group: null, tags: [{ name: 't2' }] }])) fail(`the Item should be left with no Group and the tag t2, it reads ${JSON.stringify(items)}`, res);
    });
  },
});
