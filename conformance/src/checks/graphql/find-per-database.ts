import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { createGroupAndTwoItems, withTestWorkspace } from '../../workspace.js';
import { expectData, ids, postGraphql, rowsOf } from './lib/client.js';
import { GQL } from './lib/dataset.js';

export default defineCheck({
  id: 'graphql.find-per-database',
  name: 'POST /api/graphql/space/<space> with body {query} answers {data: {<query>: [...]}}, with a find<Plural> query for every Database of the Space (filter operators given as null are ignored)',
  level: 'MUST',
  area: 'graphql',
  requirements: ['GQL-001', 'GQL-002', 'GQL-003'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const { group, items } = await createGroupAndTwoItems(ctx, n);
      const res = await postGraphql(ctx, n.space, { query: `{ ${GQL.findItems} { id title } ${GQL.findGroups} { id name } }` });
      const data = expectData(res, `{ ${GQL.findItems} ${GQL.findGroups} }`);
      const found = rowsOf(res, data, GQL.findItems, GQL.findItems);
      if (ids(found).sort().join() !== [...items].sort().join()) fail(`${GQL.findItems} should list the two Items created (${items.join(', ')}), got ${JSON.stringify(found)}`, res);
      const titles = found.map((r) => r['title']).sort();
      if (titles.join() !== 'one,two') fail(`${GQL.findItems} should give the titles "one" and "two", got ${JSON.stringify(titles)}`, res);
      const groups = rowsOf(res, data, GQL.findGroups, GQL.findGroups);
      if (ids(groups).join() !== group || groups[0]?.['name'] !== 'parent') fail(`${GQL.findGroups} should list the Group "parent" (${group}), got ${JSON.stringify(groups)}`, res);
      // An operator given as null is ignored (README, "Query semantics" 1).
      const nulls = await postGraphql(ctx, n.space, { query: `{ ${GQL.findItems}(title: {is: null, contains: null}, count: {greater: null}) { id } }` });
      const unfiltered = ids(rowsOf(nulls, expectData(nulls, 'filters whose operators are all null'), GQL.findItems, GQL.findItems));
      if (unfiltered.sort().join() !== [...items].sort().join()) fail(`operators given as null are ignored, so ${GQL.findItems} should list both Items; got ${JSON.stringify(unfiltered)}`, nulls);
    });
  },
});
