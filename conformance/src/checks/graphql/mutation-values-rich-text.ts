import { expectStatus, expectSuccess, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { schemaBatch } from '../../workspace.js';
import { RICH_TEXT_TYPE, withNotesDatabase } from '../documents/client.js';
import { expectData, postGraphql } from './lib/client.js';
import { typeName } from './lib/dataset.js';
import { RESULT, mutate, requireMutations, resultOf } from './lib/mutations.js';

export default defineCheck({
  id: 'graphql.mutation-values-rich-text',
  name:
    'A server with GraphQL mutations takes a rich text value of create and update as Markdown (the document endpoint reads it; null empties it), leaves comments and ' +
    'system fields out of `<T>Input`, and edits a rich text field added after the Entities were created (`appendContentTo_2ndBody` for a field `2nd body`)',
  level: 'MUST',
  unsupported: 'MAY',
  area: 'graphql',
  requirements: ['GQL-048', 'GQL-056', 'GQL-072'],
  target: 'server',
  async run(ctx) {
    await withNotesDatabase(ctx, { comments: true }, async ({ space, notes }) => {
      await requireMutations(ctx, space);
      const input = `${typeName(space, 'Note')}Input`;
      const introspected = await postGraphql(ctx, space, { query: `{ __type(name: "${input}") { inputFields { name } } }` });
      const type = expectData(introspected, `introspecting ${input}`)['__type'];
      const fields = isRecord(type) && Array.isArray(type['inputFields']) ? type['inputFields'].map((f) => (isRecord(f) ? f['name'] : f)) : undefined;
      if (JSON.stringify(fields) !== JSON.stringify(['title', 'body'])) {
        fail(`${input} should hold the writable fields title and body only (no system fields, no comments of the Comments extension), it holds ${JSON.stringify(fields)}`, introspected);
      }
      const read = async (secret: string | undefined, what: string): Promise<string> => {
        if (!secret) fail(`${what} should name the document it wrote (documents { secret })`);
        const doc = await ctx.http.get(`/api/documents/${secret}?format=md`);
        expectStatus(doc, 200, `reading the document of ${what}`);
        return (isRecord(doc.json) ? String(doc.json['content']) : '').trim();
      };
      const made = await mutate(ctx, space, `mutation { notes { create(title: "rich", body: "# Heading\\n\\nSome *words*") ${RESULT} } }`, 'notes', 'create with a rich text value');
      const secret = resultOf(made.res, made.ops, 'create', 'create').documents[0]?.secret;
      const content = await read(secret, 'create(body: ...)');
      if (!content.includes('Heading') || !content.includes('words')) fail(`create(body: "# Heading\\n\\nSome *words*") should write that Markdown to the document; it reads ${JSON.stringify(content)}`, made.res);
      const cleared = await mutate(ctx, space, `mutation { notes(title: {is: "rich"}) { update(body: null) ${RESULT} } }`, 'notes', 'update(body: null)');
      const after = await read(resultOf(cleared.res, cleared.ops, 'update', 'update').documents[0]?.secret ?? secret, 'update(body: null)');
      if (after !== '') fail(`update(body: null) should empty the document; it reads ${JSON.stringify(after)}`, cleared.res);
      // A rich text field added now: the Entities made before have no document of it yet.
      const added = await schemaBatch(ctx, [{ command: 'schema.field/create', args: { 'svc/holder-type': notes, 'svc/name': `${space}/2nd body`, 'svc/type': RICH_TEXT_TYPE } }]);
      expectSuccess(added, `adding the rich text field ${space}/2nd body to ${notes}`);
      const late = await mutate(ctx, space, `mutation { notes { appendContentTo_2ndBody(value: "late") ${RESULT} } }`, 'notes', 'appendContentTo_2ndBody on the Entities made before the field');
      const result = resultOf(late.res, late.ops, 'appendContentTo_2ndBody', 'appendContentTo_2ndBody');
      if (result.entities.length !== 2 || result.documents.length !== 2) fail(`appendContentTo_2ndBody on the two Notes should name both and a document of each, got ${JSON.stringify(result)}`, late.res);
      for (const doc of result.documents) {
        const text = await read(doc.secret, 'appendContentTo_2ndBody');
        if (text !== 'late') fail(`appendContentTo_2ndBody(value: "late") on an Entity without a document yet should write "late"; the document reads ${JSON.stringify(text)}`, late.res);
      }
    });
  },
});
