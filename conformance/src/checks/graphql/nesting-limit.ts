/**
 * The nesting limit of a GraphQL document (spec/graphql/README.md, "Query limits", Nesting): braces,
 * brackets and parentheses nest at most 100 levels; a deeper document is refused before parsing
 * (a request error: 400, or 200 under application/json; GRAPHQL_PARSE_FAILED, extensions.limit 100), as a family over depths and over what nests:
 * selection sets (a relation within itself), input objects and lists in an argument. 100 levels of
 * input object are answered (not refused as too nested); 101 and a few thousand are refused the
 * same way, without a 5xx (a recursive parser overflows its stack first).
 */
import { describeRequest, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { withTestWorkspace } from '../../workspace.js';
import { expectErrors, postGraphql, expectRequestErrorStatus } from './lib/client.js';
import { GQL } from './lib/dataset.js';

const MAX_NESTING = 100;

/** What nests, and the document that nests it `levels` deep in all (outer braces included). */
const NESTERS: ReadonlyArray<{ what: string; document: (levels: number) => string }> = [
  // `{ findGroups { members { members ... } } }`: the outer braces, then one per field.
  { what: 'selection sets', document: (levels) => `{ ${GQL.findGroups} { ${'members { '.repeat(Math.max(0, levels - 2))}id${' }'.repeat(Math.max(0, levels - 2))} } }` },
  // `{ findGroups(rank: {in: [[[...]]]}) { id } }`: braces, parenthesis, input object, then lists.
  { what: 'lists in an argument', document: (levels) => `{ ${GQL.findGroups}(rank: {in: ${'['.repeat(levels - 3)}1${']'.repeat(levels - 3)}}) { id } }` },
];

export default defineCheck({
  id: 'graphql.nesting-limit',
  name: `A document nesting braces, brackets or parentheses more than ${MAX_NESTING} levels deep (101 or thousands) is refused before parsing: a request error (400; 200 under application/json), GRAPHQL_PARSE_FAILED, extensions.limit ${MAX_NESTING}, no data`,
  level: 'SHOULD',
  area: 'graphql',
  requirements: ['GQL-040', 'HTTP-004'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      for (const nester of NESTERS) {
        const at = await postGraphql(ctx, n.space, { query: nester.document(MAX_NESTING) });
        if (at.status >= 500) fail(`${MAX_NESTING} levels of ${nester.what}: ${describeRequest(at)} answered ${at.status}`, at);
        const atErrors = (at.json as { errors?: Array<{ extensions?: Record<string, unknown> }> } | undefined)?.errors ?? [];
        if (atErrors.some((e) => e.extensions?.['code'] === 'GRAPHQL_PARSE_FAILED')) fail(`${MAX_NESTING} levels of ${nester.what} are within the limit, yet the document was refused while parsing: ${JSON.stringify(atErrors).slice(0, 300)}`, at);
        for (const levels of [MAX_NESTING + 1, 3000]) {
          const what = `${levels} levels of ${nester.what}`;
          const res = await postGraphql(ctx, n.space, { query: nester.document(levels) });
          expectRequestErrorStatus(res, what);
          const errors = expectErrors(res, what);
          const parse = errors.find((e) => e.extensions?.['code'] === 'GRAPHQL_PARSE_FAILED');
          if (!parse) fail(`${what}: expected an error with extensions.code GRAPHQL_PARSE_FAILED (spec/graphql/README.md, "Query limits"), got ${JSON.stringify(errors).slice(0, 300)}`, res);
          if (parse.extensions?.['limit'] !== MAX_NESTING) fail(`${what}: expected extensions.limit ${MAX_NESTING}, got ${JSON.stringify(parse.extensions?.['limit'])}`, res);
          const body = res.json as Record<string, unknown>;
          if (body['data'] !== undefined && body['data'] !== null) fail(`${what}: a refused document must not carry data`, res);
        }
      }
    });
  },
});
