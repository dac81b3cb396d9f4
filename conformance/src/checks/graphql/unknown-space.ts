import { randomBytes } from 'node:crypto';
import { expectErrorName, expectPlainError, expectStatus, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isUnservedRoute } from '../../support.js';
import { expectErrors, graphqlPath, postGraphql } from './lib/client.js';

export default defineCheck({
  id: 'graphql.unknown-space',
  name:
    'A request to the endpoint of a Space that does not exist is answered 404 with a GraphQL `errors` array, and the SDL of such a Space ' +
    '(GET .../schema.graphql, where served) 404 with graphql.error/space-not-found naming the Space in data.space',
  level: 'SHOULD',
  area: 'graphql',
  requirements: ['GQL-031', 'GQL-035'],
  target: 'server',
  async run(ctx) {
    const space = `No such Space ${randomBytes(4).toString('hex')}`;
    const res = await postGraphql(ctx, space, { query: '{ __typename }' });
    expectStatus(res, 404, 'an unknown Space');
    expectErrors(res, 'an unknown Space');
    const sdl = await ctx.http.get(`${graphqlPath(space)}/schema.graphql`);
    // A server without the SDL route answers every such path 404 route.error/not-found (graphql.schema-sdl grades that).
    if (isUnservedRoute(sdl)) return;
    expectStatus(sdl, 404, 'the SDL of an unknown Space');
    const error = expectPlainError(sdl, 'the SDL of an unknown Space');
    expectErrorName(sdl, error.name, 'graphql.error/space-not-found', 'the SDL of an unknown Space');
    // The Space as named in the path, with or without its spaces written as `_`.
    const named = error.data?.['space'];
    if (named !== space && named !== space.replaceAll(' ', '_')) fail(`the SDL of an unknown Space: data.space should name the Space ${JSON.stringify(space)}, it is ${JSON.stringify(named)}`, sdl);
  },
});
