import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { withTestWorkspace } from '../../workspace.js';
import { expectData, ids, postGraphql, queryRows, rowsOf } from './lib/client.js';
import { GQL, createDataset } from './lib/dataset.js';

export default defineCheck({
  id: 'graphql.aliases',
  name: 'Aliases run several queries in one request, each answered under its alias as the same query alone',
  level: 'MUST',
  area: 'graphql',
  requirements: ['GQL-029', 'GQL-002'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async (workspace) => {
      const n = workspace.names;
      await createDataset(ctx, workspace, { groups: 3, items: 12 });
      const queries: Record<string, string> = {
        low: `${GQL.findItems}(count: {less: 1}, orderBy: {count: ASC}) { id count }`,
        high: `${GQL.findItems}(count: {greaterOrEquals: 1}, limit: 3, offset: 1) { id }`,
        undone: `${GQL.findItems}(done: {is: false}) { id group { id } }`,
        groups: `${GQL.findGroups}(orderBy: {name: DESC}) { id members(limit: 2) { id } }`,
      };
      const res = await postGraphql(ctx, n.space, { query: `{ ${Object.entries(queries).map(([alias, q]) => `${alias}: ${q}`).join('\n')} }` });
      const data = expectData(res, 'four aliased queries');
      for (const [alias, q] of Object.entries(queries)) {
        const together = rowsOf(res, data, alias, alias);
        const root = q.startsWith(GQL.findGroups) ? GQL.findGroups : GQL.findItems;
        const alone = await queryRows(ctx, n.space, `{ ${q} }`, root, `${alias} alone`);
        if (JSON.stringify(together) !== JSON.stringify(alone)) fail(`the alias ${alias} answered ${JSON.stringify(together)}, the same query alone ${JSON.stringify(alone)}`, res);
        if (alias === 'high' && ids(together).length > 3) fail('limit 3 under an alias answered more than 3 Entities', res);
      }
    });
  },
});
