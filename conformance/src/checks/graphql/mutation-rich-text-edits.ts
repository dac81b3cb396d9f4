import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { withTestWorkspace } from '../../workspace.js';
import { RICH_TEXT_TYPE } from '../documents/client.js';
import { queryRows } from './lib/client.js';
import { RESULT, addFields, mutate, requireMutations, resultOf } from './lib/mutations.js';

export default defineCheck({
  id: 'graphql.mutation-rich-text-edits',
  name:
    'A server with GraphQL mutations edits the rich text of an Entity that has no document yet (made before the field was added), applies the items of ' +
    '`overwrite<F>Batch` in order (the last one stays), and names no document for a Batch form given no items or an action selecting no Entity',
  level: 'MUST',
  unsupported: 'MAY',
  area: 'graphql',
  requirements: ['GQL-048', 'GQL-056'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      await requireMutations(ctx, n.space);
      await mutate(ctx, n.space, `mutation { items { create(title: "old") ${RESULT} } }`, 'items', 'creating an Item');
      await addFields(ctx, [{ holder: n.items, name: `${n.space}/Body`, type: RICH_TEXT_TYPE }], `adding the rich text field ${n.space}/Body to ${n.items}, which has an Item already`);
      const body = async (what: string) => {
        const rows = await queryRows(ctx, n.space, `{ findItems(title: {is: "old"}) { body { md } } }`, 'findItems', `reading the body of the Item ${what}`);
        const doc = rows[0]?.['body'];
        return isRecord(doc) && typeof doc['md'] === 'string' ? doc['md'].trim() : null;
      };
      const first = await mutate(ctx, n.space, `mutation { items(title: {is: "old"}) { appendContentToBody(value: "late") ${RESULT} } }`, 'items', 'appendContentToBody on an Item without a document');
      const named = resultOf(first.res, first.ops, 'appendContentToBody', 'appendContentToBody').documents;
      if (named.length !== 1) fail(`appendContentToBody on one Item should name its one document, it names ${JSON.stringify(named)}`, first.res);
      let md = await body('after appendContentToBody');
      if (md !== 'late') fail(`appendContentToBody(value: "late") on an Item without a document should give it one reading "late"; body { md } reads ${JSON.stringify(md)}`, first.res);
      const { res, ops } = await mutate(
        ctx,
        n.space,
        `mutation { items(title: {is: "old"}) { overwriteBodyBatch(data: [{value: "one"}, {value: "two"}]) ${RESULT} appendContentToBodyBatch(data: []) ${RESULT} } }`,
        'items',
        'overwriteBodyBatch of two items, appendContentToBodyBatch of none',
      );
      md = await body('after overwriteBodyBatch');
      if (md !== 'two') fail(`overwriteBodyBatch(data: [{value: "one"}, {value: "two"}]) should leave the last value; body { md } reads ${JSON.stringify(md)}`, res);
      const none = resultOf(res, ops, 'appendContentToBodyBatch', 'appendContentToBodyBatch').documents;
      if (none.length !== 0) fail(`appendContentToBodyBatch(data: []) writes nothing and should name no document, it names ${JSON.stringify(none)}`, res);
      const nothing = await mutate(ctx, n.space, `mutation { items(title: {is: "none"}) { appendContentToBody(value: "x") ${RESULT} } }`, 'items', 'appendContentToBody on no Item');
      const docs = resultOf(nothing.res, nothing.ops, 'appendContentToBody', 'appendContentToBody').documents;
      if (docs.length !== 0) fail(`appendContentToBody on a selection of no Item should name no document, it names ${JSON.stringify(docs)}`, nothing.res);
    });
  },
});
