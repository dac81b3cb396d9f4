import { buildASTSchema, buildClientSchema, getIntrospectionQuery, parse, printSchema, validateSchema, type IntrospectionQuery } from 'graphql';
import { expectStatus, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isUnservedRoute, unsupported } from '../../support.js';
import { withTestWorkspace } from '../../workspace.js';
import { expectData, graphqlPath, isGraphqlRefusal, postGraphql } from './lib/client.js';
import { descriptionProblems, schemaDifferences, testTypes } from './lib/expected-schema.js';

export default defineCheck({
  id: 'graphql.schema-sdl',
  name:
    'GET /api/graphql/space/<space>/schema.graphql answers the Space schema as SDL that builds, validates and is the schema the generation rule gives for the test Databases, ' +
    'and is the schema introspection describes (a server without the route answers 404 and lacks it)',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'graphql',
  requirements: ['GQL-035'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const res = await ctx.http.get(`${graphqlPath(n.space)}/schema.graphql`);
      if (isUnservedRoute(res)) unsupported('GET /api/graphql/space/<space>/schema.graphql', res);
      expectStatus(res, 200, 'the SDL of the Space');
      let fromSdl;
      try {
        fromSdl = buildASTSchema(parse(res.text));
      } catch (error) {
        fail(`the SDL does not parse and build: ${error instanceof Error ? error.message : String(error)}`, res);
      }
      const problems = validateSchema(fromSdl);
      if (problems.length > 0) fail(`the SDL does not validate: ${problems.map((p) => p.message).join('; ')}`, res);
      const differences = schemaDifferences(fromSdl, testTypes(n));
      if (differences.length > 0) fail(`the SDL is not the schema the generation rule gives for the test Databases (spec/graphql/README.md): ${differences.slice(0, 3).join('\n')}`, res);
      const descriptions = descriptionProblems(fromSdl, testTypes(n));
      if (descriptions.length > 0) fail(`descriptions of the SDL: ${descriptions.slice(0, 5).join('; ')}`, res);
      const introspected = await postGraphql(ctx, n.space, { query: getIntrospectionQuery() });
      // Introspection is a feature of its own (graphql.introspection): without it there is nothing to compare.
      if (isGraphqlRefusal(introspected)) return;
      const fromIntrospection = buildClientSchema(expectData(introspected, 'introspection') as unknown as IntrospectionQuery);
      if (printSchema(fromSdl) !== printSchema(fromIntrospection)) fail('the SDL served and the schema introspection describes differ', res);
    });
  },
});
