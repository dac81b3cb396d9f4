import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { withTestWorkspace } from '../../workspace.js';
import { queryRows } from './lib/client.js';
import { RESULT, entityIds, mutate, requireMutations, resultOf } from './lib/mutations.js';

export default defineCheck({
  id: 'graphql.mutation-delete',
  name: 'A server with GraphQL mutations deletes with `delete` exactly the Entities its filter arguments select, and names them in the result (and no document)',
  level: 'MUST',
  unsupported: 'MAY',
  area: 'graphql',
  requirements: ['GQL-048', 'GQL-051'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      await requireMutations(ctx, n.space);
      const made = await mutate(ctx, n.space, `mutation { items { createBatch(data: [{title: "gone"}, {title: "kept"}, {title: "gone"}]) ${RESULT} } }`, 'items', 'creating three Items');
      const [first, kept, third] = entityIds(resultOf(made.res, made.ops, 'createBatch', 'createBatch'));
      const { res, ops } = await mutate(ctx, n.space, `mutation { items(title: {is: "gone"}) { delete ${RESULT} } }`, 'items', 'delete of the Items titled gone');
      const deleted = entityIds(resultOf(res, ops, 'delete', 'delete')).sort();
      if (JSON.stringify(deleted) !== JSON.stringify([first, third].sort())) fail(`delete should name the two Items titled "gone" ${JSON.stringify([first, third])}, it names ${JSON.stringify(deleted)}`, res);
      const documents = resultOf(res, ops, 'delete', 'delete').documents;
      if (documents.length !== 0) fail(`delete writes no document and should name none, it names ${JSON.stringify(documents)}`, res);
      const rows = await queryRows(ctx, n.space, `{ findItems { id } }`, 'findItems', 'reading the Items left');
      if (JSON.stringify(rows) !== JSON.stringify([{ id: kept }])) fail(`after the delete, findItems should read only ${kept}, it reads ${JSON.stringify(rows)}`, res);
    });
  },
});
