import { expectStatus, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { withTestWorkspace } from '../../workspace.js';
import { expectData, expectErrors, postGraphql } from './lib/client.js';
import { GQL } from './lib/dataset.js';

/** spec/graphql/README.md, "Query limits": the deepest selection and the most Entities an operation may ask for. */
const MAX_DEPTH = 10;
const MAX_COST = 500_000;

/** A selection `levels` deep and cheap: the root field is level 1, `id` at the bottom the last (Item.group, Group.members(limit: 1), ... between). */
function nested(levels: number): string {
  const wrappers = Array.from({ length: levels - 2 }, (_, i) => (i % 2 === 0 ? 'group' : 'members(limit: 1)'));
  const selection = wrappers.reduceRight((inner, field) => `${field} { ${inner} }`, 'id');
  return `{ ${GQL.findItems}(limit: 1) { ${selection} } }`;
}

export default defineCheck({
  id: 'graphql.depth-limit',
  name:
    `Query depth and cost are limited: a query nested far deeper than any useful query (40 levels) or asking for more than ${MAX_COST} Entities is refused with status 400 ` +
    `and a GraphQL error naming the limit, before it runs; a query ${MAX_DEPTH} levels deep or of cost ${MAX_COST} runs`,
  level: 'SHOULD',
  area: 'graphql',
  requirements: ['GQL-034', 'GQL-031'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      let selection = 'id';
      for (let level = 0; level < 20; level++) selection = `group { members { ${selection} } }`;
      const deep = await postGraphql(ctx, n.space, { query: `{ ${GQL.findItems} { ${selection} } }` });
      expectStatus(deep, 400, 'a query 41 levels deep');
      const errors = expectErrors(deep, 'a query 41 levels deep');
      if (!errors.some((e) => /deep|depth|nest|level/i.test(e.message))) fail(`the error should say the query is too deep: ${JSON.stringify(errors)}`, deep);
      const atDepth = await postGraphql(ctx, n.space, { query: nested(MAX_DEPTH) });
      expectData(atDepth, `a query ${MAX_DEPTH} levels deep (the limit)`);
      const over = await postGraphql(ctx, n.space, { query: nested(MAX_DEPTH + 1) });
      expectStatus(over, 400, `a query ${MAX_DEPTH + 1} levels deep`);

      // Cost: 500 Items, each with up to 999 tags: 500 + 500 * 999 = 500,000 Entities at most.
      const atCost = await postGraphql(ctx, n.space, { query: `{ ${GQL.findItems}(limit: 500) { id tags(limit: 999) { id } } }` });
      expectData(atCost, `a query of cost ${MAX_COST} (the limit)`);
      const costly = await postGraphql(ctx, n.space, { query: `{ ${GQL.findItems}(limit: 500) { id tags(limit: 1000) { id } } }` });
      expectStatus(costly, 400, `a query of cost ${500 + 500 * 1000}`);
      const costErrors = expectErrors(costly, `a query of cost ${500 + 500 * 1000}`);
      if (!costErrors.some((e) => /cost|entities|limit/i.test(e.message))) fail(`the error should name the cost limit: ${JSON.stringify(costErrors)}`, costly);
      const defaults = await postGraphql(ctx, n.space, { query: `{ ${GQL.findGroups} { members { tags { members { id } } } } }` });
      expectStatus(defaults, 400, 'a query of cost 100 + 100^2 + 100^3 + 100^4 (every list at its default limit of 100)');
    });
  },
});
