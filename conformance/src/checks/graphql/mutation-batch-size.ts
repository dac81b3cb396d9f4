import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { withTestWorkspace } from '../../workspace.js';
import { postGraphql, queryRows } from './lib/client.js';
import { RESULT, emptyItems, firstError, mutate, requireMutations, resultOf } from './lib/mutations.js';
import { typeName } from './lib/dataset.js';

export default defineCheck({
  id: 'graphql.mutation-batch-size',
  name:
    'A server with GraphQL mutations runs a batch action of up to 1,000 items (`updateBatch` of 1,000; `createBatch(data: [])` creates nothing) and refuses ' +
    'one of 1,001 with `request.error/invalid-body` naming the argument `data`',
  level: 'MUST',
  unsupported: 'MAY',
  area: 'graphql',
  requirements: ['GQL-048', 'GQL-063'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      await requireMutations(ctx, n.space);
      const empty = await mutate(ctx, n.space, `mutation { items { createBatch(data: []) ${RESULT} } }`, 'items', 'createBatch(data: [])');
      const none = resultOf(empty.res, empty.ops, 'createBatch', 'createBatch(data: [])');
      if (none.entities.length !== 0 || none.documents.length !== 0) fail(`createBatch(data: []) should create nothing and name nothing, it answers ${JSON.stringify(none)}`, empty.res);
      const input = `${typeName(n.space, 'Item')}Input`;
      // Update of no Entity (the filter selects none): only the size of data is at stake.
      const query = `mutation($data: [${input}!]!) { items(title: {is: "none"}) { updateBatch(data: $data) ${RESULT} } }`;
      const most = await mutate(ctx, n.space, query, 'items', 'updateBatch of 1,000 items', emptyItems(1000));
      if (resultOf(most.res, most.ops, 'updateBatch', 'updateBatch of 1,000 items').entities.length !== 0) fail('updateBatch on a selection of no Item should name no Entity', most.res);
      const over = await postGraphql(ctx, n.space, { query, variables: emptyItems(1001) });
      const error = firstError(over, 'items', 'updateBatch of 1,001 items');
      if (error.extensions['code'] !== 'request.error/invalid-body' || error.extensions['field'] !== 'data') {
        fail(`updateBatch of 1,001 items should be refused with extensions {code: "request.error/invalid-body", field: "data"}, got ${JSON.stringify(error)}`, over);
      }
      const rows = await queryRows(ctx, n.space, `{ findItems { id } }`, 'findItems', 'reading the Items');
      if (rows.length !== 0) fail(`createBatch(data: []) should have created no Item, findItems reads ${JSON.stringify(rows)}`, empty.res);
    });
  },
});
