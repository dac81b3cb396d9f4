import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import type { HttpResponse } from '../../http.js';
import { SupportLedger } from '../../support.js';
import { createGroupAndTwoItems, withTestWorkspace } from '../../workspace.js';
import { expectData, firstErrorMessage, ids, isGraphqlRefusal, postGraphql, rowsOf } from './lib/client.js';
import { GQL } from './lib/dataset.js';

const BY_TITLE = `query ByTitle($title: String!, $limit: Int) { byTitle: ${GQL.findItems}(title: {is: $title}, limit: $limit) { id title } }`;
const ALL = `query All { ${GQL.findItems} { id } }`;

export default defineCheck({
  id: 'graphql.variables-operation-name',
  name:
    'Requests {query, variables, operationName} run the named operation of a document with several, with its variables ' +
    '(a server that refuses variables or operationName with a GraphQL request error lacks them)',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'graphql',
  requirements: ['GQL-030'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const { items } = await createGroupAndTwoItems(ctx, n);
      const [one, two] = items;
      const ledger = new SupportLedger();
      const supported = (feature: string, res: HttpResponse): boolean => {
        if (!isGraphqlRefusal(res)) return true;
        ledger.lacks(feature, `refused with ${firstErrorMessage(res)}`);
        return false;
      };
      const byTitle = (res: HttpResponse, title: string, id: string, what: string) => {
        const data = expectData(res, what);
        if (data[GQL.findItems] !== undefined) fail(`${what}: the operation "All" ran although operationName named "ByTitle"`, res);
        const found = rowsOf(res, data, 'byTitle', what);
        if (ids(found).join() !== id || found[0]?.['title'] !== title) fail(`${what}: byTitle with $title ${JSON.stringify(title)} should find the Item "${title}" (${id}) alone, got ${JSON.stringify(found)}`, res);
      };

      // Variables alone: one operation, its variables.
      const variables = await postGraphql(ctx, n.space, { query: BY_TITLE, variables: { title: 'one', limit: 5 } });
      if (supported('variables', variables)) byTitle(variables, 'one', one, 'one operation with variables');

      // operationName alone: two operations without variables.
      const named = `${ALL}\nquery Two { byTitle: ${GQL.findItems}(title: {is: "two"}) { id title } }`;
      const two1 = await postGraphql(ctx, n.space, { query: named, operationName: 'Two' });
      if (supported('operationName', two1)) {
        const data = expectData(two1, 'operation Two of two');
        if (data[GQL.findItems] !== undefined) fail('the operation "All" ran although operationName named "Two"', two1);
        const found = rowsOf(two1, data, 'byTitle', 'operation Two');
        if (ids(found).join() !== two) fail(`operationName "Two" should run the operation Two and find the Item "two" (${two}), got ${JSON.stringify(found)}`, two1);
        const all = await postGraphql(ctx, n.space, { query: named, operationName: 'All' });
        const listed = ids(rowsOf(all, expectData(all, 'operation All of two'), GQL.findItems, 'operation All'));
        if (listed.sort().join() !== [...items].sort().join()) fail(`operationName "All" should list both Items (${items.join(', ')}), got ${listed.join(', ')}`, all);
      }

      // Both: the named operation of several, with its variables.
      if (ledger.has('variables') && ledger.has('operationName')) {
        const both = await postGraphql(ctx, n.space, { query: `${ALL}\n${BY_TITLE}`, operationName: 'ByTitle', variables: { title: 'two', limit: 5 } });
        byTitle(both, 'two', two, 'operation ByTitle of two, with variables');
        const none = await postGraphql(ctx, n.space, { query: BY_TITLE, variables: { title: 'one', limit: 0 } });
        const zero = rowsOf(none, expectData(none, 'variables with $limit 0'), 'byTitle', 'byTitle(limit: $limit)');
        if (zero.length !== 0) fail(`$limit 0 should answer no Item, got ${JSON.stringify(zero)}`, none);
      }
      ledger.finish();
    });
  },
});
