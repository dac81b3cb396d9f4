import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { unsupported } from '../../support.js';
import { createTestWorkspace, createGroupAndTwoItems, uniqueSpaceName } from '../../workspace.js';
import { expectData, ids, postGraphql, rowsOf } from './lib/client.js';
import { GQL } from './lib/dataset.js';

export default defineCheck({
  id: 'graphql.space-underscores',
  name:
    'The endpoint of a Space whose name has spaces is /api/graphql/space/<name with spaces written as _>, and answers that Space ' +
    '(a server that answers 404 there lacks the underscore form)',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'graphql',
  requirements: ['GQL-033'],
  target: 'server',
  async run(ctx) {
    const workspace = await createTestWorkspace(ctx, { space: `${uniqueSpaceName(ctx)} Sales Team` });
    try {
      const n = workspace.names;
      const { items } = await createGroupAndTwoItems(ctx, n);
      const res = await postGraphql(ctx, n.space, { query: `{ ${GQL.findItems} { id } }` });
      if (!res.request.url.includes('_Sales_Team')) fail(`the check should address the Space as ..._Sales_Team, it used ${res.request.url}`);
      if (res.status === 404) unsupported('Space names with spaces written as _ in the GraphQL endpoint path', res);
      const found = ids(rowsOf(res, expectData(res, `the Space "${n.space}" by its underscore name`), GQL.findItems, GQL.findItems));
      if (found.sort().join() !== [...items].sort().join()) fail(`expected the Items ${items.join(', ')}, got ${found.join(', ')}`, res);
    } finally {
      await workspace.dispose();
    }
  },
});
