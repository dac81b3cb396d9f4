import { expectStatus, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { withNotesDatabase } from '../documents/client.js';
import { RESULT, mutate, requireMutations, resultOf } from './lib/mutations.js';

export default defineCheck({
  id: 'graphql.mutation-rich-text',
  name:
    'A server with GraphQL mutations edits a rich text field with `appendContentTo<F>`, `prependContentTo<F>` and `overwrite<F>` (Markdown, and their Batch forms); ' +
    'the document endpoint reads the result and the result names the document',
  level: 'MUST',
  unsupported: 'MAY',
  area: 'graphql',
  requirements: ['GQL-048', 'GQL-056'],
  target: 'server',
  async run(ctx) {
    await withNotesDatabase(ctx, { comments: false }, async ({ space }) => {
      await requireMutations(ctx, space);
      const { res, ops } = await mutate(
        ctx,
        space,
        `mutation { notes { create(title: "rich") ${RESULT} appendContentToBody(value: "middle") ${RESULT} appendContentToBodyBatch(data: [{value: "end"}]) ${RESULT} prependContentToBody(value: "start") ${RESULT} } }`,
        'notes',
        'create, then appendContentToBody, appendContentToBodyBatch and prependContentToBody',
      );
      const secret = resultOf(res, ops, 'prependContentToBody', 'prependContentToBody').documents[0]?.secret;
      if (!secret) fail('prependContentToBody should name the document it wrote (documents { secret })', res);
      const read = async () => {
        const doc = await ctx.http.get(`/api/documents/${secret}?format=md`);
        expectStatus(doc, 200, 'reading the document');
        return (isRecord(doc.json) ? String(doc.json['content']) : '').trim().split(/\n+/);
      };
      const lines = await read();
      if (JSON.stringify(lines) !== JSON.stringify(['start', 'middle', 'end'])) fail(`the document reads ${JSON.stringify(lines)}, expected start, middle, end`, res);
      const over = await mutate(ctx, space, `mutation { notes(title: {is: "rich"}) { overwriteBody(value: "only") ${RESULT} } }`, 'notes', 'overwriteBody');
      const after = await read();
      if (JSON.stringify(after) !== JSON.stringify(['only'])) fail(`after overwriteBody the document reads ${JSON.stringify(after)}`, over.res);
    });
  },
});
