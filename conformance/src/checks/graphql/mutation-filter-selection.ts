import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { withTestWorkspace } from '../../workspace.js';
import { firstErrorMessage, postGraphql, queryRows } from './lib/client.js';
import { RESULT, mutate, requireMutations } from './lib/mutations.js';

export default defineCheck({
  id: 'graphql.mutation-filter-selection',
  name:
    'A server with GraphQL mutations takes `orderBy`, `limit` and `offset` in a `<T>Filter` given as a relation value (the matches in that order, past the offset, at most ' +
    'the limit), and refuses them inside a find filter',
  level: 'MUST',
  unsupported: 'MAY',
  area: 'graphql',
  requirements: ['GQL-048', 'GQL-060'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      await requireMutations(ctx, n.space);
      await mutate(ctx, n.space, `mutation { groups { createBatch(data: [{name: "g1"}, {name: "g2"}, {name: "g3"}, {name: "g4"}]) ${RESULT} } }`, 'groups', 'creating four Groups');
      const made = await mutate(
        ctx,
        n.space,
        `mutation { items { create(title: "a", group: {name: {in: ["g1", "g2", "g3"]}, orderBy: {name: DESC}, limit: 1}, tags: [{orderBy: {name: ASC}, offset: 1, limit: 2}]) ${RESULT} } }`,
        'items',
        'create with relation values taking orderBy, limit and offset',
      );
      const rows = await queryRows(ctx, n.space, `{ findItems { group { name } tags(orderBy: {name: ASC}) { name } } }`, 'findItems', 'reading the Item back');
      const expected = [{ group: { name: 'g3' }, tags: [{ name: 'g2' }, { name: 'g3' }] }];
      if (JSON.stringify(rows) !== JSON.stringify(expected)) {
        fail(`group {name in g1..g3, orderBy name DESC, limit 1} should pick g3 and tags [{orderBy name ASC, offset 1, limit 2}] should pick g2 and g3; the Item reads ${JSON.stringify(rows)}`, made.res);
      }
      const nested = await postGraphql(ctx, n.space, { query: `{ findItems(group: {name: {is: "g3"}, limit: 1}) { title } }` });
      const message = firstErrorMessage(nested);
      if (!message || !message.includes('limit')) fail(`limit inside a find filter (findItems(group: {..., limit: 1})) should be refused with an error naming it; the answer is ${JSON.stringify(nested.json)?.slice(0, 300)}`, nested);
    });
  },
});
