import { expectJson, expectStatus, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { isUnservedRoute, unsupported } from '../../support.js';
import { withTestWorkspace } from '../../workspace.js';
import { expectData, graphqlPath, postGraphql } from './lib/client.js';

/** The path (and query) of an address the server gave, which the check requests below its own base URL (a proxy may sit between). */
function pathOf(address: unknown): string | undefined {
  if (typeof address !== 'string') return undefined;
  try {
    const url = new URL(address, 'http://base.invalid');
    return `${url.pathname}${url.search}`;
  } catch {
    return undefined;
  }
}

export default defineCheck({
  id: 'graphql.endpoint-index',
  name:
    'GET /api/graphql lists the test Space by name with the address of its endpoint (/api/graphql/space/<space>, spaces written as underscores) and of its SDL, ' +
    'and the endpoint listed answers a GraphQL query and the SDL address the schema (a server without the route answers 404 and lacks it)',
  level: 'MUST',
  unsupported: 'MAY',
  area: 'graphql',
  requirements: ['GQL-043'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const res = await ctx.http.get('/api/graphql');
      if (isUnservedRoute(res)) unsupported('GET /api/graphql', res);
      expectStatus(res, 200, 'the list of GraphQL endpoints');
      const body = expectJson(res, 'the list of GraphQL endpoints');
      const spaces = isRecord(body) ? body['spaces'] : undefined;
      if (!Array.isArray(spaces)) fail('the list of GraphQL endpoints should be {spaces: [{name, url, schema}]}', res);
      const entry = spaces.find((s) => isRecord(s) && s['name'] === n.space);
      if (!isRecord(entry)) fail(`the list of GraphQL endpoints should name the Space ${JSON.stringify(n.space)}`, res);
      const endpoint = pathOf(entry['url']);
      if (endpoint !== graphqlPath(n.space)) fail(`the endpoint listed for ${JSON.stringify(n.space)} should be ${graphqlPath(n.space)}, got ${JSON.stringify(entry['url'])}`, res);
      const sdl = pathOf(entry['schema']);
      if (sdl !== `${graphqlPath(n.space)}/schema.graphql`) fail(`the SDL address listed for ${JSON.stringify(n.space)} should be ${graphqlPath(n.space)}/schema.graphql, got ${JSON.stringify(entry['schema'])}`, res);
      const typename = expectData(await postGraphql(ctx, n.space, { query: '{ __typename }' }), 'a query of the endpoint listed');
      if (typename['__typename'] !== 'Query') fail(`the endpoint listed answered __typename ${JSON.stringify(typename['__typename'])}, expected "Query"`);
      expectStatus(await ctx.http.get(sdl), 200, 'the SDL address listed');
    });
  },
});
