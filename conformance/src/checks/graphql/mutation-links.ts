import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { withTestWorkspace } from '../../workspace.js';
import { queryRows } from './lib/client.js';
import { RESULT, mutate, requireMutations } from './lib/mutations.js';

export default defineCheck({
  id: 'graphql.mutation-links',
  name:
    'A server with GraphQL mutations sets and clears a to-one relation with `link<F>(<target filter>)` / `unlink<F>`, adds and removes collection items with ' +
    '`link<F>` / `unlink<F>(<target filter>)` (a filter argument given as null counts as not given), and takes relation values in `create` as target filters',
  level: 'MUST',
  unsupported: 'MAY',
  area: 'graphql',
  requirements: ['GQL-048', 'GQL-053'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      await requireMutations(ctx, n.space);
      await mutate(ctx, n.space, `mutation { groups { createBatch(data: [{name: "g1"}, {name: "g2"}, {name: "g3"}]) ${RESULT} } }`, 'groups', 'creating three Groups');
      await mutate(ctx, n.space, `mutation { items { create(title: "a", group: {name: {is: "g1"}}, tags: [{name: {is: "g2"}}]) ${RESULT} } }`, 'items', 'create with relation values as filters');
      const read = async () => queryRows(ctx, n.space, `{ findItems(title: {is: "a"}) { group { name } tags(orderBy: {name: ASC}) { name } } }`, 'findItems', 'reading the Item back');
      let rows = await read();
      if (JSON.stringify(rows) !== JSON.stringify([{ group: { name: 'g1' }, tags: [{ name: 'g2' }] }])) fail(`create(group: {name: {is: "g1"}}, tags: [{name: {is: "g2"}}]) reads back as ${JSON.stringify(rows)}`);
      const linked = await mutate(ctx, n.space, `mutation { items(title: {is: "a"}) { linkGroup(name: {is: "g3"}) ${RESULT} linkTags(name: {in: ["g1", "g3"]}) ${RESULT} } }`, 'items', 'linkGroup and linkTags');
      rows = await read();
      if (JSON.stringify(rows) !== JSON.stringify([{ group: { name: 'g3' }, tags: [{ name: 'g1' }, { name: 'g2' }, { name: 'g3' }] }])) fail(`after linkGroup(g3) and linkTags(g1, g3) the Item reads ${JSON.stringify(rows)}`, linked.res);
      // The to-one field holds one Entity: its old value g1 no longer links to the Item.
      const members = await queryRows(ctx, n.space, `{ findGroups(orderBy: {name: ASC}) { name members { title } } }`, 'findGroups', 'reading the Groups\' members');
      const holding = members.filter((g) => Array.isArray(g['members']) && g['members'].length > 0).map((g) => g['name']);
      if (JSON.stringify(holding) !== JSON.stringify(['g3'])) fail(`after linkGroup(g3) only g3 should have the Item among its members, the Groups holding it are ${JSON.stringify(holding)}`, linked.res);
      const unlinked = await mutate(ctx, n.space, `mutation { items(title: {is: "a"}) { unlinkGroup ${RESULT} unlinkTags(name: {is: "g2"}, id: null) ${RESULT} } }`, 'items', 'unlinkGroup and unlinkTags');
      rows = await read();
      if (JSON.stringify(rows) !== JSON.stringify([{ group: null, tags: [{ name: 'g1' }, { name: 'g3' }] }])) fail(`after unlinkGroup and unlinkTags(name: {is: "g2"}, id: null) (an argument given as null is not given) the Item reads ${JSON.stringify(rows)}`, unlinked.res);
    });
  },
});
