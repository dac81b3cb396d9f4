import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { withTestWorkspace } from '../../workspace.js';
import { postGraphql, queryRows } from './lib/client.js';
import { RESULT, firstError, mutate, requireMutations } from './lib/mutations.js';

/** Link actions whose target filter does not name what the field takes. */
const REFUSED = [
  { action: 'linkGroup(name: {is: "none"})', why: 'a to-one link whose filter matches no Entity' },
  { action: 'linkGroup(name: {is: "twin"})', why: 'a to-one link whose filter matches two Entities' },
  { action: 'linkTags(name: {is: "none"})', why: 'a collection link whose filter matches no Entity' },
] as const;

export default defineCheck({
  id: 'graphql.mutation-link-errors',
  name:
    'A server with GraphQL mutations refuses `link<F>` of a to-one relation whose filter matches no Entity or several, and of a collection whose filter ' +
    'matches none: the mutation field answers null with an error and writes nothing',
  level: 'MUST',
  unsupported: 'MAY',
  area: 'graphql',
  requirements: ['GQL-048', 'GQL-053'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      await requireMutations(ctx, n.space);
      await mutate(ctx, n.space, `mutation { groups { createBatch(data: [{name: "g"}, {name: "twin"}, {name: "twin"}]) ${RESULT} } }`, 'groups', 'creating three Groups');
      await mutate(ctx, n.space, `mutation { items { create(title: "a", group: {name: {is: "g"}}, tags: [{name: {is: "g"}}]) ${RESULT} } }`, 'items', 'creating an Item linked to g');
      for (const { action, why } of REFUSED) {
        const res = await postGraphql(ctx, n.space, { query: `mutation { items(title: {is: "a"}) { update(count: 3) ${RESULT} ${action} ${RESULT} } }` });
        firstError(res, 'items', `${action} (${why})`);
        const rows = await queryRows(ctx, n.space, `{ findItems { count group { name } tags { name } } }`, 'findItems', `reading the Item after ${action}`);
        if (JSON.stringify(rows) !== JSON.stringify([{ count: null, group: { name: 'g' }, tags: [{ name: 'g' }] }])) fail(`${action} (${why}) should fail and write nothing; the Item reads ${JSON.stringify(rows)}`, res);
      }
    });
  },
});
