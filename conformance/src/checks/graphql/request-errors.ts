import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import type { HttpResponse } from '../../http.js';
import { isRecord } from '../../shapes.js';
import { createGroupAndTwoItems, withTestWorkspace } from '../../workspace.js';
import { expectErrors, graphqlPath, postGraphql, type GraphqlBody } from './lib/client.js';
import { GQL } from './lib/dataset.js';

/** Requests GraphQL cannot run (GQL-037), each with what is wrong with it. */
function requests(): Array<[string, GraphqlBody | Record<string, unknown>]> {
  const byTitle = `query ByTitle($title: String!) { ${GQL.findItems}(title: {is: $title}) { id } }`;
  const two = `query A { a: ${GQL.findItems} { id } }\nquery B { b: ${GQL.findGroups} { id } }`;
  return [
    ['a syntax error', { query: `{ ${GQL.findItems} { id ` }],
    ['an unknown field', { query: `{ ${GQL.findItems} { id noSuchField } }` }],
    ['an unknown argument', { query: `{ ${GQL.findItems}(noSuchArgument: 1) { id } }` }],
    ['an unknown filter operator', { query: `{ ${GQL.findItems}(count: {between: 1}) { id } }` }],
    ['an argument of the wrong type', { query: `{ ${GQL.findItems}(limit: "ten") { id } }` }],
    ['an operator value of the wrong type', { query: `{ ${GQL.findItems}(count: {greaterOrEquals: "1"}) { id } }` }],
    ['a list field without a selection', { query: `{ ${GQL.findItems} }` }],
    ['a variable of the wrong type', { query: byTitle, variables: { title: 5 } }],
    ['a required variable left out', { query: byTitle, variables: {} }],
    ['an undeclared variable', { query: `{ ${GQL.findItems}(title: {is: $title}) { id } }`, variables: { title: 'one' } }],
    ['an operationName that names no operation', { query: two, operationName: 'C' }],
    ['two operations without operationName', { query: two }],
    ['a mutation (the API has none)', { query: `mutation { ${GQL.findItems} { id } }` }],
    ['a body without query', { variables: {} }],
  ];
}

function expectNotRun(res: HttpResponse, what: string): void {
  if (res.status >= 500) fail(`${what}: answered ${res.status}; a request that cannot run is answered with errors, not a server error`, res);
  expectErrors(res, what);
  const body = res.json;
  if (isRecord(body) && body['data'] !== undefined && body['data'] !== null) fail(`${what}: the request must not run, yet the answer carries data ${JSON.stringify(body['data']).slice(0, 200)}`, res);
}

export default defineCheck({
  id: 'graphql.request-errors',
  name:
    'A request that cannot run (a document that does not parse or validate, variables that do not coerce, an operationName of no operation, several operations without one, ' +
    'a body without query) is answered with errors and no data, never a server error; a valid request next to it runs',
  level: 'MUST',
  area: 'graphql',
  requirements: ['GQL-037', 'GQL-002'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const { items } = await createGroupAndTwoItems(ctx, n);
      for (const [what, body] of requests()) {
        const res = await ctx.http.post(graphqlPath(n.space), body);
        expectNotRun(res, what);
      }
      // A valid request to the same endpoint runs.
      const ok = await postGraphql(ctx, n.space, { query: `query A { a: ${GQL.findItems} { id } }` });
      const body = ok.json;
      const a = isRecord(body) && isRecord(body['data']) ? body['data']['a'] : undefined;
      if (!Array.isArray(a) || a.length !== items.length) fail(`the operation A alone should list the ${items.length} Items; got ${JSON.stringify(body)?.slice(0, 300)}`, ok);
    });
  },
});
