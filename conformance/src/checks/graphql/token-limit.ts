/**
 * The size limit of a GraphQL document (spec/graphql/README.md, "Query limits", Size): more than
 * 20,000 tokens is refused while parsing, whatever the document asks for; 20,000 is parsed and runs.
 * The documents are one cheap query whose `in` list is as long as it takes.
 */
import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { withTestWorkspace } from '../../workspace.js';
import { expectData, expectErrors, postGraphql, rowsOf, expectRequestErrorStatus } from './lib/client.js';
import { GQL } from './lib/dataset.js';

/** The most tokens a document may have. */
const MAX_TOKENS = 20_000;

/**
 * `{ findGroups(rank: {in: [1 ... 1] notIn: [2 ... 2]}) { id } }`: 20 tokens and one per list item, each list under the
 * 10,000 values a list may hold (40,000 characters at the limit, under the 100,000 a query may have).
 */
function document(tokens: number): string {
  const items = tokens - 20;
  const half = Math.floor(items / 2);
  return `{ ${GQL.findGroups}(rank: {in: [${'1 '.repeat(half)}] notIn: [${'2 '.repeat(items - half)}]}) { id } }`;
}

export default defineCheck({
  id: 'graphql.token-limit',
  name: `A document of more than ${MAX_TOKENS} tokens is refused while parsing (a request error: 400, or 200 under application/json; GRAPHQL_PARSE_FAILED, no data), one of exactly ${MAX_TOKENS} tokens runs`,
  level: 'SHOULD',
  area: 'graphql',
  requirements: ['GQL-039'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const at = await postGraphql(ctx, n.space, { query: document(MAX_TOKENS) });
      // The test Databases are empty: the query runs and finds nothing.
      rowsOf(at, expectData(at, `a document of ${MAX_TOKENS} tokens`), GQL.findGroups, `a document of ${MAX_TOKENS} tokens`);
      const what = `a document of ${MAX_TOKENS + 1} tokens`;
      const over = await postGraphql(ctx, n.space, { query: document(MAX_TOKENS + 1) });
      expectRequestErrorStatus(over, what);
      const errors = expectErrors(over, what);
      if (!errors.some((e) => e.extensions?.['code'] === 'GRAPHQL_PARSE_FAILED')) fail(`${what}: the error should have extensions.code GRAPHQL_PARSE_FAILED (spec/graphql/README.md, "Query limits"), got ${JSON.stringify(errors).slice(0, 300)}`, over);
      const body = over.json as Record<string, unknown>;
      if (body['data'] !== undefined && body['data'] !== null) fail(`${what}: a refused document must not carry data`, over);
    });
  },
});
