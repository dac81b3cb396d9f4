import { buildClientSchema, getIntrospectionQuery, type IntrospectionQuery } from 'graphql';
import { fail } from '../../assert.js';
import { CheckUnsupported, defineCheck } from '../../check.js';
import { withTestWorkspace } from '../../workspace.js';
import { expectData, firstErrorMessage, isGraphqlRefusal, postGraphql } from './lib/client.js';
import { descriptionProblems, schemaDifferences, testTypes } from './lib/expected-schema.js';

export default defineCheck({
  id: 'graphql.introspection',
  name:
    'The standard introspection query is answered on the Space endpoint (a server that refuses it with a GraphQL request error lacks it), ' +
    'and describes the schema the generation rule gives for the test Databases: common.graphql, each type, filter, list filter, order input and find<Plural> query with their fields, ' +
    'arguments and defaults, and a description on each that names its workspace field',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'graphql',
  requirements: ['GQL-032', 'GQL-003', 'GQL-009', 'GQL-010', 'GQL-012', 'GQL-013'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const res = await postGraphql(ctx, n.space, { query: getIntrospectionQuery() });
      if (isGraphqlRefusal(res)) throw new CheckUnsupported(['GraphQL introspection'], `the standard introspection query was refused: ${firstErrorMessage(res)}`);
      const data = expectData(res, 'the standard introspection query');
      let schema;
      try {
        schema = buildClientSchema(data as unknown as IntrospectionQuery);
      } catch (error) {
        fail(`the introspection result does not build a schema with graphql-js: ${error instanceof Error ? error.message : String(error)}`, res);
      }
      const differences = schemaDifferences(schema, testTypes(n));
      if (differences.length > 0) fail(`the introspected schema is not the one the generation rule gives for the test Databases (spec/graphql/README.md): ${differences.slice(0, 3).join('\n')}`, res);
      const descriptions = descriptionProblems(schema, testTypes(n));
      if (descriptions.length > 0) fail(`descriptions of the generated schema: ${descriptions.slice(0, 5).join('; ')}`, res);
    });
  },
});
