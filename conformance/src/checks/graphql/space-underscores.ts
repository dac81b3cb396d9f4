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
    '(a server that answers 404 there lacks the underscore form); a Space named exactly like that path wins over the one with spaces, and a path that is the underscore form of two Spaces names neither',
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
      // A Space named exactly as the underscore form: the exact name wins.
      const exact = await createTestWorkspace(ctx, { space: n.space.replace(/ /g, '_') });
      try {
        const own = await createGroupAndTwoItems(ctx, exact.names);
        const both = await postGraphql(ctx, exact.names.space, { query: `{ ${GQL.findItems} { id } }` });
        const got = ids(rowsOf(both, expectData(both, `the Space "${exact.names.space}", named as the underscore form of "${n.space}"`), GQL.findItems, GQL.findItems));
        if (got.sort().join() !== [...own.items].sort().join()) {
          fail(`with Spaces "${n.space}" and "${exact.names.space}", the path ${exact.names.space} should answer the Space of that exact name (Items ${own.items.join(', ')}), got ${got.join(', ')}`, both);
        }
      } finally {
        await exact.dispose();
      }
      // Two Spaces sharing an underscore form, neither named exactly so: the path names none.
      const base = uniqueSpaceName(ctx);
      const twins = [await createTestWorkspace(ctx, { space: `${base} A_B` }), await createTestWorkspace(ctx, { space: `${base}_A B` })];
      try {
        const path = `${base}_A_B`;
        const neither = await postGraphql(ctx, path, { query: `{ ${GQL.findItems} { id } }` });
        if (neither.status !== 404) fail(`the path ${path} is the underscore form of both "${base} A_B" and "${base}_A B" and the exact name of neither: it should name no Space (404), it answered ${neither.status}`, neither);
      } finally {
        for (const twin of twins) await twin.dispose();
      }
    } finally {
      await workspace.dispose();
    }
  },
});
