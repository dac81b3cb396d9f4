import { expectStatus, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { withTestWorkspace } from '../../workspace.js';
import { expectErrors, graphqlPath, postGraphql } from './lib/client.js';
import { expectFieldErrors } from './lib/argument-errors.js';
import { GQL } from './lib/dataset.js';

export default defineCheck({
  id: 'graphql.bad-query',
  name:
    'A document that does not parse or validate, or a body that is not a GraphQL request, is answered 400 with a GraphQL `errors` array and no data; ' +
    'arguments that fail while running (a negative limit or offset, a limit over 10000, an id that is not a UUID, a date that is not a date, contains on a timestamp) ' +
    'are answered 200 with a GraphQL error with the path of the field, and the field null',
  level: 'SHOULD',
  area: 'graphql',
  requirements: ['GQL-031'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const cases: Array<[string, () => ReturnType<typeof postGraphql>]> = [
        ['an unknown field', () => postGraphql(ctx, n.space, { query: `{ ${GQL.findItems} { noSuchField } }` })],
        ['a syntax error', () => postGraphql(ctx, n.space, { query: `{ ${GQL.findItems} { id ` })],
        ['an argument of the wrong type', () => postGraphql(ctx, n.space, { query: `{ ${GQL.findItems}(limit: "ten") { id } }` })],
        ['a body without query', () => ctx.http.post(graphqlPath(n.space), { variables: {} })],
      ];
      for (const [what, send] of cases) {
        const res = await send();
        expectStatus(res, 400, what);
        expectErrors(res, what);
        const body = res.json as Record<string, unknown>;
        if (body['data'] !== undefined && body['data'] !== null) fail(`${what}: a request error must not carry data`, res);
      }
      await expectFieldErrors(ctx, n.space);
    });
  },
});
