import { buildASTSchema, buildClientSchema, getIntrospectionQuery, parse, printSchema, validateSchema, type IntrospectionQuery } from 'graphql';
import { expectStatus, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { withTestWorkspace } from '../../workspace.js';
import { expectData, graphqlPath, postGraphql } from './lib/client.js';

export default defineCheck({
  id: 'graphql.schema-sdl',
  name: 'GET /api/graphql/space/<space>/schema.graphql answers the Space schema as SDL that builds and validates, and is the schema introspection describes',
  level: 'SHOULD',
  area: 'graphql',
  requirements: ['GQL-035'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const res = await ctx.http.get(`${graphqlPath(n.space)}/schema.graphql`);
      expectStatus(res, 200, 'the SDL of the Space');
      let fromSdl;
      try {
        fromSdl = buildASTSchema(parse(res.text));
      } catch (error) {
        fail(`the SDL does not parse and build: ${error instanceof Error ? error.message : String(error)}`, res);
      }
      const problems = validateSchema(fromSdl);
      if (problems.length > 0) fail(`the SDL does not validate: ${problems.map((p) => p.message).join('; ')}`, res);
      const introspected = await postGraphql(ctx, n.space, { query: getIntrospectionQuery() });
      const fromIntrospection = buildClientSchema(expectData(introspected, 'introspection') as unknown as IntrospectionQuery);
      if (printSchema(fromSdl) !== printSchema(fromIntrospection)) fail('the SDL served and the schema introspection describes differ', res);
    });
  },
});
