/**
 * The media type of a GraphQL answer follows the request's Accept header (GQL-042, as GraphQL over
 * HTTP asks): `application/graphql-response+json` when the request prefers it (an explicit range
 * whose quality is at least that of `application/json`, listed first on a tie), else
 * `application/json`; a request error is 400 under the first and 200 under the second. A family
 * over Accept headers: one document that does not parse, sent with each.
 */
import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { withTestWorkspace } from '../../workspace.js';
import { expectErrors, graphqlPath, isGraphqlResponseMediaType } from './lib/client.js';

type MediaType = 'application/graphql-response+json' | 'application/json';

const MODERN: MediaType = 'application/graphql-response+json';
const LEGACY: MediaType = 'application/json';

/** Accept headers (undefined: none sent) and the media type each asks for. */
const CASES: ReadonlyArray<readonly [string | undefined, MediaType]> = [
  [undefined, LEGACY],
  ['*/*', LEGACY],
  ['application/*', LEGACY],
  ['application/json', LEGACY],
  ['text/html', LEGACY],
  ['application/graphql-response+json', MODERN],
  ['Application/GraphQL-Response+JSON', MODERN],
  ['application/graphql-response+json, application/json;q=0.9', MODERN],
  ['application/json;q=0.9, application/graphql-response+json', MODERN],
  ['application/graphql-response+json, application/json', MODERN],
  ['application/json, application/graphql-response+json', LEGACY],
  ['application/graphql-response+json;q=0.5, application/json', LEGACY],
  ['application/graphql-response+json;q=0, application/json', LEGACY],
  ['application/graphql-response+json;q=0', LEGACY],
  ['application/graphql-response+json;charset=utf-8, application/json;q=0.5', MODERN],
  ['application/graphql-response+json;q=0.5, */*', LEGACY],
  ['application/graphql-response+json;q=0.5, text/html', MODERN],
  ['application/graphql-response+json ; q=0.8 , application/json ; q=0.7', MODERN],
  ['application/*;q=0.9, application/graphql-response+json;q=0.5', LEGACY],
];

export default defineCheck({
  id: 'graphql.media-types',
  name:
    'A document that does not parse, sent with each of 19 Accept headers, is answered application/graphql-response+json with status 400 when the header prefers that type ' +
    '(an explicit range of quality at least that of application/json, first on a tie; q=0 refuses it), and application/json with status 200 otherwise (no Accept, */*, application/*, text/html); ' +
    'a query of a Space that does not exist stays 404 under application/json',
  level: 'SHOULD',
  area: 'graphql',
  requirements: ['GQL-042'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      for (const [accept, expected] of CASES) {
        const what = `a document that does not parse, sent with ${accept === undefined ? 'no Accept header' : `Accept: ${accept}`}`;
        const res = await ctx.http.post(graphqlPath(n.space), { query: '{' }, accept === undefined ? {} : { headers: { Accept: accept } });
        const got: MediaType = isGraphqlResponseMediaType(res) ? MODERN : LEGACY;
        if (got !== expected) fail(`${what}: answered ${JSON.stringify(res.headers['content-type'] ?? '(none)')}, expected ${expected}`, res);
        const status = expected === MODERN ? 400 : 200;
        if (res.status !== status) fail(`${what}: a request error answered as ${expected} has status ${status}, got ${res.status}`, res);
        expectErrors(res, what);
      }
      const what = 'a query of a Space that does not exist, sent with Accept: application/json';
      const missing = await ctx.http.post(graphqlPath(`${n.space}Nope`), { query: '{ __typename }' }, { headers: { Accept: LEGACY } });
      if (missing.status !== 404) fail(`${what}: only a request error is 200 under application/json; an unknown Space stays 404, got ${missing.status}`, missing);
      expectErrors(missing, what);
    });
  },
});
