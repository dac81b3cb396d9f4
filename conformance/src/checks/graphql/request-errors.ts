import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import type { HttpResponse } from '../../http.js';
import { isRecord } from '../../shapes.js';
import { withTestWorkspace } from '../../workspace.js';
import { expectErrors, graphqlPath, postGraphql, type GraphqlBody } from './lib/client.js';
import { BAD_ARGUMENTS } from './lib/argument-errors.js';
import { GQL } from './lib/dataset.js';

/** The root field name of a selection (`findItems(limit: -1) { id }` gives findItems). */
const rootOf = (field: string) => field.slice(0, field.search(/[ (]/));

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
    'a body without query), or that names no Space, is answered with errors and no data, never a server error; an argument that fails while its field runs ' +
    '(a negative limit, an id that is not a UUID, ...) is a field error with the field null if it is an error at all; a valid request next to them runs',
  level: 'MUST',
  area: 'graphql',
  requirements: ['GQL-037', 'GQL-038', 'GQL-002'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      for (const [what, body] of requests()) {
        const res = await ctx.http.post(graphqlPath(n.space), body);
        expectNotRun(res, what);
      }
      // Arguments that fail while the field runs: a field error if an error at all (which ones are errors is graphql.bad-query's, SHOULD).
      for (const [what, field] of BAD_ARGUMENTS) {
        const res = await postGraphql(ctx, n.space, { query: `{ ${field} }` });
        if (res.status >= 500) fail(`${what}: answered ${res.status}; an error while a field runs is a field error, not a server error`, res);
        const body = res.json;
        if (!isRecord(body) || (body['errors'] === undefined && !isRecord(body['data']))) fail(`${what}: the answer is neither data nor GraphQL errors: ${res.text.slice(0, 200)}`, res);
        if (body['errors'] === undefined) continue;
        const errors = expectErrors(res, what);
        const data = body['data'];
        if (data !== null && data !== undefined && !(isRecord(data) && data[rootOf(field)] === null)) fail(`${what}: with a field error the field must be null, got data ${JSON.stringify(data).slice(0, 200)}`, res);
        if (res.status === 200 && !errors.some((e) => Array.isArray((e as Record<string, unknown>)['path']))) fail(`${what}: a field error carries the path of the field: ${JSON.stringify(errors).slice(0, 300)}`, res);
      }
      const nowhere = await postGraphql(ctx, `${n.space}x`, { query: '{ __typename }' });
      expectNotRun(nowhere, 'a request to a Space that does not exist');
      // A valid request to the same endpoint runs.
      const ok = await postGraphql(ctx, n.space, { query: `query A { a: ${GQL.findItems}(limit: 0) { id } b: ${GQL.findGroups} { id } }` });
      const body = ok.json;
      const data = isRecord(body) && isRecord(body['data']) ? body['data'] : {};
      if (!Array.isArray(data['a']) || !Array.isArray(data['b'])) fail(`the valid operation A should answer the lists a and b; got ${JSON.stringify(body)?.slice(0, 300)}`, ok);
    });
  },
});
