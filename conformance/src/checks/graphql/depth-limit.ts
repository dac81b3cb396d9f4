import { expectStatus, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { withTestWorkspace } from '../../workspace.js';
import { expectErrors, postGraphql } from './lib/client.js';
import { GQL } from './lib/dataset.js';

export default defineCheck({
  id: 'graphql.depth-limit',
  name: 'A query nested far deeper than any useful query (40 levels) is refused with status 400 and a GraphQL error, before it runs',
  level: 'SHOULD',
  area: 'graphql',
  requirements: ['GQL-034', 'GQL-031'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      let selection = 'id';
      for (let level = 0; level < 20; level++) selection = `group { members { ${selection} } }`;
      const res = await postGraphql(ctx, n.space, { query: `{ ${GQL.findItems} { ${selection} } }` });
      expectStatus(res, 400, 'a query 41 levels deep');
      const errors = expectErrors(res, 'a query 41 levels deep');
      if (!errors.some((e) => /deep|depth|nest|level/i.test(e.message))) fail(`the error should say the query is too deep: ${JSON.stringify(errors)}`, res);
    });
  },
});
