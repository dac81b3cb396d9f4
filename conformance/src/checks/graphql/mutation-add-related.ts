import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { withTestWorkspace } from '../../workspace.js';
import { queryRows } from './lib/client.js';
import { RESULT, entityIds, mutate, requireMutations, resultOf } from './lib/mutations.js';

export default defineCheck({
  id: 'graphql.mutation-add-related',
  name:
    'A server with GraphQL mutations creates with `add<F>(<fields of the target Input>)` (to-one) and `add<F>Item(...)` (collection) one Entity of the related ' +
    'Database per selected Entity and links it (a to-one field\'s old value is unlinked, not deleted), naming the Entities created (none for a selection of none)',
  level: 'MUST',
  unsupported: 'MAY',
  area: 'graphql',
  requirements: ['GQL-048', 'GQL-057'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      await requireMutations(ctx, n.space);
      await mutate(ctx, n.space, `mutation { items { createBatch(data: [{title: "a"}, {title: "b"}, {title: "c"}]) ${RESULT} } }`, 'items', 'creating three Items');
      const { res, ops } = await mutate(
        ctx,
        n.space,
        `mutation { items(title: {in: ["a", "b"]}) { addGroup(name: "new group") ${RESULT} addTagsItem(name: "new tag") ${RESULT} } }`,
        'items',
        'addGroup and addTagsItem on the Items a and b',
      );
      for (const key of ['addGroup', 'addTagsItem']) {
        const result = resultOf(res, ops, key, key);
        if (result.entities.length !== 2 || result.entities.some((e) => e.type !== n.groups)) {
          fail(`${key} on two Items should name the two ${n.groups} Entities it created, it names ${JSON.stringify(result.entities)}`, res);
        }
      }
      const rows = await queryRows(ctx, n.space, `{ findItems(orderBy: {title: ASC}) { title group { id name } tags { id name } } }`, 'findItems', 'reading the Items back');
      const expected = (ids: string[], name: string) => ids.map((id) => ({ id, name }));
      const groups = entityIds(resultOf(res, ops, 'addGroup', 'addGroup'));
      const tags = entityIds(resultOf(res, ops, 'addTagsItem', 'addTagsItem'));
      const read = rows as Array<{ title: string; group: { id: string; name: string } | null; tags: Array<{ id: string; name: string }> }>;
      const [a, b, c] = read;
      if (read.length !== 3 || !a || !b || !c) fail(`findItems should read three Items, it reads ${JSON.stringify(rows)}`, res);
      const linkedGroups = [a.group, b.group].map((g) => g?.id ?? '').sort();
      const linkedTags = [...a.tags, ...b.tags].map((t) => t.id).sort();
      if (a.group?.name !== 'new group' || b.group?.name !== 'new group' || JSON.stringify(linkedGroups) !== JSON.stringify([...groups].sort())) {
        fail(`after addGroup each of a and b should link its own new Group (${JSON.stringify(expected(groups, 'new group'))}), they read ${JSON.stringify([a.group, b.group])}`, res);
      }
      if (a.tags.length !== 1 || b.tags.length !== 1 || a.tags[0]?.name !== 'new tag' || JSON.stringify(linkedTags) !== JSON.stringify([...tags].sort())) {
        fail(`after addTagsItem each of a and b should hold its own new tag (${JSON.stringify(expected(tags, 'new tag'))}), they read ${JSON.stringify([a.tags, b.tags])}`, res);
      }
      if (c.group !== null || c.tags.length !== 0) fail(`Item c was not selected and should link nothing, it reads ${JSON.stringify(c)}`, res);
      // addGroup on an Item that has a Group sets the field to the new one: the old one is unlinked (not deleted).
      const again = await mutate(ctx, n.space, `mutation { items(title: {is: "a"}) { addGroup(name: "newer group") ${RESULT} } }`, 'items', 'addGroup on the Item a, which has a Group');
      const members = await queryRows(ctx, n.space, `{ findGroups(name: {is: "new group"}) { members { title } } }`, 'findGroups', 'reading the members of the Groups first added');
      const titles = members.flatMap((g) => (Array.isArray(g['members']) ? g['members'] : [])).map((m) => (m as { title?: unknown }).title);
      if (members.length !== 2 || JSON.stringify(titles) !== JSON.stringify(['b'])) fail(`after a second addGroup on a, its first Group should stay (unlinked) and only b's hold a member; the Groups named "new group" hold ${JSON.stringify(titles)}`, again.res);
      const none = await mutate(ctx, n.space, `mutation { items(title: {is: "none"}) { addGroup(name: "x") ${RESULT} addTagsItem(name: "x") ${RESULT} } }`, 'items', 'addGroup and addTagsItem on no Item');
      for (const key of ['addGroup', 'addTagsItem']) {
        const result = resultOf(none.res, none.ops, key, key);
        if (result.entities.length !== 0) fail(`${key} on a selection of no Item should create nothing and name nothing, it names ${JSON.stringify(result.entities)}`, none.res);
      }
    });
  },
});
