import { expectSuccess, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { SCHEMA_QUERY } from '../../fixtures.js';
import type { CheckContext } from '../../check.js';
import { isRecord, type JsonRecord } from '../../shapes.js';
import { schemaBatch } from '../../workspace.js';
import { COMMENTS_MIXIN, withNotesDatabase } from './client.js';

const COMMENT_FIELDS = ['svc/id', 'comment/document-secret', 'svc/created-by', 'comment/author', 'svc/creation-date', 'svc/public-id', 'comments/parent'];

async function schemaTypes(ctx: CheckContext): Promise<JsonRecord[]> {
  const result = expectSuccess(await ctx.http.command(SCHEMA_QUERY), 'svc.schema/query');
  const types = isRecord(result) ? result['svc/types'] : undefined;
  return Array.isArray(types) ? types.filter(isRecord) : [];
}

function fieldsOf(type: JsonRecord | undefined): JsonRecord[] {
  const fields = type?.['svc/fields'];
  return Array.isArray(fields) ? fields.filter(isRecord) : [];
}

export default defineCheck({
  id: 'documents.comments-extension',
  name:
    'Installing the Comments extension (svc.app/install-mixins with comments/comments-mixin) on a Database adds its collection field comments/comments of ' +
    'type comments/comment, which the schema lists with svc/id, comment/document-secret, svc/created-by, comment/author, svc/creation-date, svc/public-id and comments/parent',
  level: 'MUST',
  area: 'comments',
  requirements: ['COMMENT-001', 'COMMENT-002', 'COMMENT-010'],
  target: 'server',
  async run(ctx) {
    await withNotesDatabase(ctx, { comments: false }, async (n) => {
      const before = (await schemaTypes(ctx)).find((t) => t['svc/name'] === n.notes);
      if (fieldsOf(before).some((f) => f['svc/name'] === 'comments/comments')) fail(`${n.notes} has a field comments/comments before the Comments extension is installed`, ctx.http.lastExchange?.response);
      const res = await schemaBatch(ctx, [{ command: 'svc.app/install-mixins', args: { types: { [n.notes]: [COMMENTS_MIXIN] } } }]);
      expectSuccess(res, `installing the Comments extension on ${n.notes}`);
      const types = await schemaTypes(ctx);
      const schemaRes = ctx.http.lastExchange?.response;
      const field = fieldsOf(types.find((t) => t['svc/name'] === n.notes)).find((f) => f['svc/name'] === 'comments/comments');
      if (!field) fail(`after installing the Comments extension, ${n.notes} has no field comments/comments`, schemaRes);
      const meta = field['svc/meta'];
      if (field['svc/type'] !== 'comments/comment' || !isRecord(meta) || meta['svc/collection?'] !== true) {
        fail(`comments/comments of ${n.notes} is ${JSON.stringify(field)}, expected a collection (svc/collection? true) of type comments/comment`, schemaRes);
      }
      const comment = types.find((t) => t['svc/name'] === 'comments/comment');
      if (!comment) fail('after installing the Comments extension the schema has no type comments/comment', schemaRes);
      const names = fieldsOf(comment).map((f) => f['svc/name']);
      const missing = COMMENT_FIELDS.filter((f) => !names.includes(f));
      if (missing.length > 0) fail(`the type comments/comment lacks the field(s) ${missing.join(', ')} (it has ${names.join(', ')})`, schemaRes);
    });
  },
});
