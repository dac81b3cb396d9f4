import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { withTestWorkspace } from '../../workspace.js';
import { queryRows } from './lib/client.js';
import { GQL } from './lib/dataset.js';
import { RESULT, entityIds, mutate, requireMutations, resultOf } from './lib/mutations.js';

export default defineCheck({
  id: 'graphql.mutation-targets-edges',
  name:
    'A server with GraphQL mutations takes null `orderBy`, `limit` and `offset` in a relation value as not given and `offset: 0` as none skipped; an action on related ' +
    'Entities acts on none when the filter selects no Entity, and skips the selected Entities whose to-one relation is empty',
  level: 'MUST',
  unsupported: 'MAY',
  area: 'graphql',
  requirements: ['GQL-058', 'GQL-059', 'GQL-060'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      await requireMutations(ctx, n.space);
      const groups = await mutate(ctx, n.space, `mutation { groups { createBatch(data: [{name: "g1"}, {name: "g2"}]) ${RESULT} } }`, 'groups', 'creating the Groups g1 and g2');
      const [g1] = entityIds(resultOf(groups.res, groups.ops, 'createBatch', 'createBatch'));
      const made = await mutate(
        ctx,
        n.space,
        'mutation { items { createBatch(data: [' +
          '{title: "linked", group: {name: {is: "g1"}, orderBy: null, limit: null, offset: null}, tags: [{name: {is: "g2"}, orderBy: null, limit: null, offset: 0}]}, ' +
          `{title: "alone"}]) ${RESULT} } }`,
        'items',
        'createBatch with relation values whose orderBy, limit and offset are null (offset 0 in tags)',
      );
      const rows = await queryRows(ctx, n.space, '{ findItems(orderBy: {title: ASC}) { title group { name } tags { name } } }', 'findItems', 'reading the Items back');
      const expected = [
        { title: 'alone', group: null, tags: [] },
        { title: 'linked', group: { name: 'g1' }, tags: [{ name: 'g2' }] },
      ];
      if (JSON.stringify(rows) !== JSON.stringify(expected)) fail(`relation values with null orderBy, limit and offset (and offset 0) should select as if not given; findItems reads ${JSON.stringify(rows)}, expected ${JSON.stringify(expected)}`, made.res);
      // Both Items selected, one without a Group: updateGroup acts on g1 only.
      const both = await mutate(ctx, n.space, `mutation { items { updateGroup(${GQL.groupRank}: 5) ${RESULT} } }`, 'items', 'updateGroup on an Item with a Group and one without');
      const updated = entityIds(resultOf(both.res, both.ops, 'updateGroup', 'updateGroup'));
      if (JSON.stringify(updated) !== JSON.stringify([g1])) fail(`updateGroup on the Items "linked" (Group g1) and "alone" (no Group) should act on g1 only, it names ${JSON.stringify(updated)}`, both.res);
      // A filter that selects nothing: the related actions act on nothing.
      const none = await mutate(ctx, n.space, `mutation { items(title: {is: "nobody"}) { updateGroup(${GQL.groupRank}: 6) ${RESULT} updateTags(${GQL.groupRank}: 6) ${RESULT} deleteTags ${RESULT} } }`, 'items', 'related actions on no selected Item');
      for (const key of ['updateGroup', 'updateTags', 'deleteTags']) {
        const ids = entityIds(resultOf(none.res, none.ops, key, key));
        if (ids.length > 0) fail(`${key} on a filter selecting no Item should act on no Entity, it names ${JSON.stringify(ids)}`, none.res);
      }
      const after = await queryRows(ctx, n.space, `{ findGroups(orderBy: {name: ASC}) { name ${GQL.groupRank} } }`, 'findGroups', 'reading the Groups back');
      if (JSON.stringify(after) !== JSON.stringify([{ name: 'g1', [GQL.groupRank]: 5 }, { name: 'g2', [GQL.groupRank]: null }])) fail(`after updateGroup(rank: 5) on the Items and related actions on none, findGroups reads ${JSON.stringify(after)}`, none.res);
    });
  },
});
