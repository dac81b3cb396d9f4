import { fail } from '../../assert.js';
import { defineCheck, type CheckContext } from '../../check.js';
import { FILE_TYPE, RICH_TEXT_TYPE } from '../sync/read.js';
import { withTestWorkspace } from '../../workspace.js';
import { expectData, expectErrors, postGraphql, expectRequestErrorStatus } from './lib/client.js';
import { GQL, typeName } from './lib/dataset.js';
import { withExtraDatabase } from './lib/extra-database.js';

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
    `Query depth and cost are limited: a query nested far deeper than any useful query (40 levels) or asking for more than ${MAX_COST} Entities is refused as a request error (400; 200 under application/json) ` +
    `and a GraphQL error naming the limit (QUERY_TOO_DEEP, QUERY_TOO_COSTLY), before it runs, also through fragments, inline fragments and variables, at the default limits and wherever limit stands ` +
    `(0 counts nothing, a negative limit the default; files and rich text nothing; only the operation that runs counts; introspection fields add no depth); ` +
    `a query ${MAX_DEPTH} levels deep or of cost ${MAX_COST} runs`,
  level: 'SHOULD',
  area: 'graphql',
  requirements: ['GQL-034', 'GQL-031'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      let selection = 'id';
      for (let level = 0; level < 20; level++) selection = `group { members { ${selection} } }`;
      const deep = await postGraphql(ctx, n.space, { query: `{ ${GQL.findItems} { ${selection} } }` });
      expectRequestErrorStatus(deep, 'a query 41 levels deep');
      const errors = expectErrors(deep, 'a query 41 levels deep');
      if (!errors.some((e) => /deep|depth|nest|level/i.test(e.message))) fail(`the error should say the query is too deep: ${JSON.stringify(errors)}`, deep);
      const atDepth = await postGraphql(ctx, n.space, { query: nested(MAX_DEPTH) });
      expectData(atDepth, `a query ${MAX_DEPTH} levels deep (the limit)`);
      const over = await postGraphql(ctx, n.space, { query: nested(MAX_DEPTH + 1) });
      expectRequestErrorStatus(over, `a query ${MAX_DEPTH + 1} levels deep`);
      if (!expectErrors(over, `a query ${MAX_DEPTH + 1} levels deep`).some((e) => e.extensions?.['code'] === 'QUERY_TOO_DEEP')) fail(`a query ${MAX_DEPTH + 1} levels deep: the error should have extensions.code QUERY_TOO_DEEP`, over);

      // Cost: 500 Items, each with up to 999 tags: 500 + 500 * 999 = 500,000 Entities at most.
      const runs = async (query: string, what: string, variables?: Record<string, unknown>) => expectData(await postGraphql(ctx, n.space, { query, ...(variables ? { variables } : {}) }), what);
      const refused = async (query: string, what: string, code: string, variables?: Record<string, unknown>) => {
        const res = await postGraphql(ctx, n.space, { query, ...(variables ? { variables } : {}) });
        expectRequestErrorStatus(res, what);
        const errors = expectErrors(res, what);
        if (!errors.some((e) => e.extensions?.['code'] === code)) fail(`${what}: the error should have extensions.code ${code} (spec/graphql/README.md, "Query limits"), got ${JSON.stringify(errors).slice(0, 300)}`, res);
      };
      await refused(`{ ${GQL.findItems}(limit: 1) { ... on ${typeName(n.space, 'Item')} { ${nested(MAX_DEPTH + 1).replace(/^\{ \w+\(limit: 1\) \{ /, '').replace(/ \} \}$/, '')} } } }`, `a selection ${MAX_DEPTH + 1} levels deep through an inline fragment`, 'QUERY_TOO_DEEP');
      // Introspection reads the schema, not the data: its fields are not counted (a 14 levels deep type reference runs).
      const typeRef = Array.from({ length: 10 }, () => 'ofType').reduceRight((inner, field) => `${field} { ${inner} }`, 'name');
      await runs(`{ __schema { types { fields { type { ${typeRef} } } } } }`, 'an introspection query 14 levels deep');
      await runs(`{ ${GQL.findItems}(limit: 500) { id tags(limit: 999) { id } } }`, `a query of cost ${MAX_COST} (the limit)`);
      await refused(`{ ${GQL.findItems}(limit: 500) { id tags(limit: 1000) { id } } }`, `a query of cost ${500 + 500 * 1000}`, 'QUERY_TOO_COSTLY');
      // A related object counts 1 per parent: 500 + 500 + 500 * 998 = 500,000.
      await runs(`{ ${GQL.findItems}(limit: 500) { createdBy { id } tags(limit: 998) { id } } }`, 'a query of cost 500,000 with a related object');
      await refused(`{ ${GQL.findItems}(limit: 500) { createdBy { id } tags(limit: 999) { id } } }`, 'a query of cost 500,500 with a related object', 'QUERY_TOO_COSTLY');
      // Lists without limit count at the default of 100: 100 + 100 * 100 + 100 * 100 * 48 = 490,100; with 49, 500,100.
      await runs(`{ ${GQL.findItems} { tags { members(limit: 48) { id } } } }`, 'a query of cost 490,100 at the default limits');
      await refused(`{ ${GQL.findItems} { tags { members(limit: 49) { id } } } }`, 'a query of cost 500,100 at the default limits', 'QUERY_TOO_COSTLY');
      await refused(`{ ${GQL.findGroups} { members { tags { members { id } } } } }`, 'a query of cost 100 + 100^2 + 100^3 + 100^4 (every list at its default limit of 100)', 'QUERY_TOO_COSTLY');
      // Fragments, inline fragments and variables count as what they stand for.
      await refused(`{ ${GQL.findItems}(limit: 500) { ...Costly } } fragment Costly on ${typeName(n.space, 'Item')} { tags(limit: 1000) { id } }`, 'a costly selection in a fragment', 'QUERY_TOO_COSTLY');
      await refused(`{ ${GQL.findItems}(limit: 500) { ... on ${typeName(n.space, 'Item')} { tags(limit: 1000) { id } } } }`, 'a costly selection in an inline fragment', 'QUERY_TOO_COSTLY');
      await refused(`query Q($n: Int) { ${GQL.findItems}(limit: 500) { tags(limit: $n) { id } } }`, 'a costly limit given as a variable', 'QUERY_TOO_COSTLY', { n: 1000 });
      await runs(`query Q($n: Int) { ${GQL.findItems}(limit: 500) { tags(limit: $n) { id } } }`, 'a limit of cost 500,000 given as a variable', { n: 999 });
      // The limit argument wherever it stands among the arguments; a limit of 0 counts 0, a negative one the default (it is an error anyway).
      await refused(`{ ${GQL.findItems}(limit: 500) { id tags(offset: 5, limit: 1000) { id } } }`, 'a costly inner limit given after another argument', 'QUERY_TOO_COSTLY');
      await runs(`{ ${GQL.findItems}(limit: 5000) { id tags(limit: 0) { id } } }`, 'a query of cost 5,000 (an inner list of limit 0 counts nothing)');
      await refused(`{ ${GQL.findItems}(limit: 5000) { id tags(limit: -1) { id } } }`, 'a query of cost 505,000 (a negative inner limit counts at the default of 100)', 'QUERY_TOO_COSTLY');
      // Only the operation that runs counts.
      const two = `query Cheap { ${GQL.findItems}(limit: 1) { id } } query Costly { ${GQL.findItems}(limit: 500) { tags(limit: 1000) { id } } }`;
      expectData(await postGraphql(ctx, n.space, { query: two, operationName: 'Cheap' }), 'the cheap operation of a document whose other operation is over the cost limit');
      await refusedOperation(ctx, n.space, two, 'Costly');
      await refused(`{ ${GQL.findItems}(limit: 1) { ...Deep } } fragment Deep on ${typeName(n.space, 'Item')} { ${nested(MAX_DEPTH + 1).replace(/^\{ \w+\(limit: 1\) \{ /, '').replace(/ \} \}$/, '')} }`, `a selection ${MAX_DEPTH + 1} levels deep through a fragment`, 'QUERY_TOO_DEEP');
    });
    // Files and rich text are values of their Entity: they cost nothing. 50 lists of 10,000 are the limit.
    await withExtraDatabase(ctx, [{ name: 'Notes', type: RICH_TEXT_TYPE }, { name: 'Files', type: FILE_TYPE, meta: { 'svc/collection?': true } }], async (db) => {
      const lists = Array.from({ length: 50 }, (_, i) => `r${i}: findRecords(limit: 10000) { notes { text } files { name } }`).join(' ');
      expectData(await postGraphql(ctx, db.space, { query: `{ ${lists} }` }), 'fifty lists of 10,000 Entities with their rich text and files (cost 500,000: files and rich text cost nothing)');
    });
  },
});

/** A document over the cost limit, run by operationName: refused 400 QUERY_TOO_COSTLY. */
async function refusedOperation(ctx: CheckContext, space: string, query: string, operationName: string): Promise<void> {
  const what = `the operation ${operationName}, over the cost limit`;
  const res = await postGraphql(ctx, space, { query, operationName });
  expectRequestErrorStatus(res, what);
  if (!expectErrors(res, what).some((e) => e.extensions?.['code'] === 'QUERY_TOO_COSTLY')) fail(`${what}: the error should have extensions.code QUERY_TOO_COSTLY`, res);
}
