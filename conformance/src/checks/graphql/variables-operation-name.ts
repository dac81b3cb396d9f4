import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { createGroupAndTwoItems, withTestWorkspace } from '../../workspace.js';
import { expectData, ids, postGraphql, rowsOf } from './lib/client.js';
import { GQL } from './lib/dataset.js';

export default defineCheck({
  id: 'graphql.variables-operation-name',
  name: 'Requests {query, variables, operationName} run the named operation of a document with several, with its variables',
  level: 'SHOULD',
  area: 'graphql',
  requirements: ['GQL-030'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const { items } = await createGroupAndTwoItems(ctx, n);
      const query = `query All { ${GQL.findItems} { id } }
        query ByTitle($title: String!, $limit: Int) { byTitle: ${GQL.findItems}(title: {is: $title}, limit: $limit) { id title } }`;
      const res = await postGraphql(ctx, n.space, { query, operationName: 'ByTitle', variables: { title: 'two', limit: 5 } });
      const data = expectData(res, 'operation ByTitle with variables');
      if (data[GQL.findItems] !== undefined) fail('the operation "All" ran although operationName named "ByTitle"', res);
      const found = rowsOf(res, data, 'byTitle', 'byTitle');
      if (ids(found).join() !== items[1] || found[0]?.['title'] !== 'two') fail(`byTitle with $title "two" should find the Item "two" (${items[1]}), got ${JSON.stringify(found)}`, res);
      const other = await postGraphql(ctx, n.space, { query, operationName: 'All', variables: {} });
      if (rowsOf(other, expectData(other, 'operation All'), GQL.findItems, GQL.findItems).length !== 2) fail('the operation "All" should list both Items', other);
    });
  },
});
