import { expectStatus, fail } from '../../assert.js';
import type { HttpResponse } from '../../http.js';
import { defineCheck } from '../../check.js';
import { withTestWorkspace } from '../../workspace.js';
import { expectErrors, expectRequestErrorStatus, graphqlPath, postGraphql } from './lib/client.js';
import { expectFieldErrors } from './lib/argument-errors.js';
import { GQL, typeName } from './lib/dataset.js';

export default defineCheck({
  id: 'graphql.bad-query',
  name:
    'A document that does not parse or validate (an unknown field, fragment or operation, fragments that spread each other), is answered with a GraphQL `errors` array and no data, status 400 (or 200 under application/json, as GraphQL over HTTP prefers there); a body that is not a GraphQL request is answered 400; ' +
    'arguments that fail while running (a negative limit or offset, a limit over 10000, an id that is not a UUID, a date that is not a date, contains on a timestamp) ' +
    'are answered 200 with a GraphQL error with the path of the field, and the field null; an unknown operationName or a variable of the wrong type is a request error too, ' +
    'an unknown Space 404 with SPACE_NOT_FOUND; every error names its failure in extensions.code, with the code the README gives each kind of failure',
  level: 'SHOULD',
  area: 'graphql',
  requirements: ['GQL-031'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const cases: Array<[string, string, () => ReturnType<typeof postGraphql>]> = [
        ['an unknown field', 'GRAPHQL_VALIDATION_FAILED', () => postGraphql(ctx, n.space, { query: `{ ${GQL.findItems} { noSuchField } }` })],
        ['a syntax error', 'GRAPHQL_PARSE_FAILED', () => postGraphql(ctx, n.space, { query: `{ ${GQL.findItems} { id ` })],
        ['an argument of the wrong type', 'GRAPHQL_VALIDATION_FAILED', () => postGraphql(ctx, n.space, { query: `{ ${GQL.findItems}(limit: "ten") { id } }` })],
        ['a body without query', 'request.error/invalid-body', () => ctx.http.post(graphqlPath(n.space), { variables: {} })],
        ['an unknown operationName', 'OPERATION_RESOLUTION_FAILURE', () => postGraphql(ctx, n.space, { query: `query First { ${GQL.findItems} { id } }`, operationName: 'Second' })],
        ['an unknown field with a selection', 'GRAPHQL_VALIDATION_FAILED', () => postGraphql(ctx, n.space, { query: `{ ${GQL.findItems} { noSuchField { id } } }` })],
        ['a spread of an unknown fragment', 'GRAPHQL_VALIDATION_FAILED', () => postGraphql(ctx, n.space, { query: `{ ${GQL.findItems} { ...Missing } }` })],
        ['fragments that spread each other', 'GRAPHQL_VALIDATION_FAILED', () => postGraphql(ctx, n.space, { query: `{ ${GQL.findItems} { ...A } } fragment A on ${typeName(n.space, 'Item')} { group { members { ...B } } } fragment B on ${typeName(n.space, 'Item')} { ...A }` })],
        ['an operationName next to one anonymous operation', 'OPERATION_RESOLUTION_FAILURE', () => postGraphql(ctx, n.space, { query: `{ ${GQL.findItems} { id } }`, operationName: 'Named' })],
        ['a variable of the wrong type', 'BAD_USER_INPUT', () => postGraphql(ctx, n.space, { query: `query ($limit: Int) { ${GQL.findItems}(limit: $limit) { id } }`, variables: { limit: 'ten' } })],
      ];
      for (const [what, code, send] of cases) {
        const res = await send();
        if (code === 'request.error/invalid-body') expectStatus(res, 400, what);
        else expectRequestErrorStatus(res, what);
        const errors = expectErrors(res, what);
        expectCodes(res, errors, what);
        if (!errors.some((e) => e.extensions?.['code'] === code)) fail(`${what}: the error should have extensions.code ${code} (spec/graphql/README.md, "Errors"), got ${JSON.stringify(errors).slice(0, 300)}`, res);
        const body = res.json as Record<string, unknown>;
        if (body['data'] !== undefined && body['data'] !== null) fail(`${what}: a request error must not carry data`, res);
      }
      await expectFieldErrors(ctx, n.space, expectCodes);
      const what = 'a query of a Space that does not exist';
      const res = await postGraphql(ctx, `${n.space}Nope`, { query: `{ ${GQL.findItems} { id } }` });
      expectStatus(res, 404, what);
      const errors = expectErrors(res, what);
      if (!errors.some((e) => e.extensions?.['code'] === 'SPACE_NOT_FOUND')) fail(`${what}: the error should have extensions.code SPACE_NOT_FOUND (spec/graphql/README.md, "Errors"), got ${JSON.stringify(errors).slice(0, 300)}`, res);
    });
  },
});

/** Every error names its failure in `extensions.code` (spec/graphql/README.md, "Errors"). */
function expectCodes(res: HttpResponse, errors: ReadonlyArray<{ extensions?: Record<string, unknown> }>, what: string): void {
  const unnamed = errors.filter((e) => typeof e.extensions?.['code'] !== 'string' || e.extensions['code'] === '');
  if (unnamed.length > 0) fail(`${what}: every error should name its failure in extensions.code, got ${JSON.stringify(unnamed).slice(0, 300)}`, res);
}
