import { buildClientSchema, getIntrospectionQuery, isObjectType, type IntrospectionQuery } from 'graphql';
import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { withTestWorkspace } from '../../workspace.js';
import { expectData, postGraphql } from './lib/client.js';
import { GQL } from './lib/dataset.js';

export default defineCheck({
  id: 'graphql.introspection',
  name: 'The standard introspection query is answered on the Space endpoint, and describes find<Plural> queries with the field filters, orderBy, limit and offset arguments',
  level: 'SHOULD',
  area: 'graphql',
  requirements: ['GQL-032', 'GQL-003'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const res = await postGraphql(ctx, n.space, { query: getIntrospectionQuery() });
      const data = expectData(res, 'the standard introspection query');
      let schema;
      try {
        schema = buildClientSchema(data as unknown as IntrospectionQuery);
      } catch (error) {
        fail(`the introspection result does not build a schema with graphql-js: ${error instanceof Error ? error.message : String(error)}`, res);
      }
      const query = schema.getQueryType();
      const find = query?.getFields()[GQL.findItems];
      if (!find || !query?.getFields()[GQL.findGroups]) fail(`the Query type should have ${GQL.findItems} and ${GQL.findGroups}; it has ${Object.keys(query?.getFields() ?? {}).join(', ')}`, res);
      const args = find.args.map((a) => a.name);
      for (const wanted of ['id', 'title', 'count', 'group', 'orderBy', 'limit', 'offset']) {
        if (!args.includes(wanted)) fail(`${GQL.findItems} should take the argument ${wanted}; it takes ${args.join(', ')}`, res);
      }
      const item = schema.getType(GQL.item);
      if (!isObjectType(item) || !item.getFields()['tags']?.args.some((a) => a.name === 'limit')) fail(`the type ${GQL.item} should have the inner list tags(..., limit, offset)`, res);
    });
  },
});
