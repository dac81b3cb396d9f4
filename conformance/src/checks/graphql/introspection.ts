import { buildClientSchema, getIntrospectionQuery, isObjectType, type IntrospectionQuery } from 'graphql';
import { fail } from '../../assert.js';
import { CheckUnsupported, defineCheck } from '../../check.js';
import { withTestWorkspace } from '../../workspace.js';
import { expectData, firstErrorMessage, isGraphqlRefusal, postGraphql } from './lib/client.js';
import { GQL } from './lib/dataset.js';

/** Arguments every find<Plural> of the test Items takes (README, "Per Database"), and the inner list it has. */
const FIND_ITEMS_ARGS = ['id', 'creationDate', 'modificationDate', 'createdBy', 'title', 'count', 'amount', 'done', 'due', 'at', 'group', 'tags', 'orderBy', 'limit', 'offset'];

export default defineCheck({
  id: 'graphql.introspection',
  name:
    'The standard introspection query is answered on the Space endpoint (a server that refuses it with a GraphQL request error lacks it), ' +
    'and describes find<Plural> queries with the field filters, orderBy, limit and offset arguments and the inner lists',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'graphql',
  requirements: ['GQL-032', 'GQL-003'],
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
      const query = schema.getQueryType();
      const find = query?.getFields()[GQL.findItems];
      if (!find || !query?.getFields()[GQL.findGroups]) fail(`the Query type should have ${GQL.findItems} and ${GQL.findGroups}; it has ${Object.keys(query?.getFields() ?? {}).join(', ')}`, res);
      const args = find.args.map((a) => a.name);
      const missing = FIND_ITEMS_ARGS.filter((a) => !args.includes(a));
      if (missing.length > 0) fail(`${GQL.findItems} should take the arguments ${FIND_ITEMS_ARGS.join(', ')}; it lacks ${missing.join(', ')} (it takes ${args.join(', ')})`, res);
      const limit = find.args.find((a) => a.name === 'limit');
      if (limit?.defaultValue !== 100) fail(`the limit argument of ${GQL.findItems} should default to 100, introspection says ${JSON.stringify(limit?.defaultValue)}`, res);
      const item = schema.getType(GQL.item);
      const tags = isObjectType(item) ? item.getFields()['tags'] : undefined;
      if (!tags?.args.some((a) => a.name === 'limit') || !tags.args.some((a) => a.name === 'orderBy')) fail(`the type ${GQL.item} should have the inner list tags(..., orderBy, limit, offset)`, res);
    });
  },
});
