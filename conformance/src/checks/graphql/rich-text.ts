import { randomUUID } from 'node:crypto';
import { expectStatus, fail } from '../../assert.js';
import { defineCheck, type CheckContext } from '../../check.js';
import type { HttpResponse } from '../../http.js';
import { isRecord } from '../../shapes.js';
import { run, runBatch } from '../../workspace.js';
import { RICH_TEXT_SECRET, newSecret, withNotesDatabase, writeDocuments } from '../documents/client.js';
import { expectData, postGraphql, rowsOf } from './lib/client.js';
import { compareText } from './lib/dataset.js';

const BODY_MARKDOWN = '# Plan\n\nShip the **GraphQL** read API.\n\n- filters\n- paging\n';
const COMMENT_MARKDOWN = ['First *comment*.', 'Second, with `code`.'];

/** GraphQL RichField field and the `format` of GET /api/documents/<secret> that gives the same content. */
const FORMS: Array<[string, string]> = [
  ['jsonString', 'json'],
  ['text', 'plain-text'],
  ['md', 'md'],
  ['html', 'html'],
];

/** A RichField value answers each form as the document endpoint does for that format. */
async function expectForms(ctx: CheckContext, res: HttpResponse, content: unknown, secret: string, what: string): Promise<void> {
  if (!isRecord(content)) fail(`${what} should be a RichField object, got ${JSON.stringify(content)}`, res);
  if (content['__typename'] !== 'RichField') fail(`${what}.__typename should be RichField, got ${JSON.stringify(content['__typename'])}`, res);
  for (const key of ['secret', 'address']) {
    if (content[key] !== secret) fail(`${what}.${key === 'secret' ? 'secret' : 'address: secret'} should be the document's secret ${secret}, got ${JSON.stringify(content[key])}`, res);
  }
  for (const [field, format] of FORMS) {
    const doc = await ctx.http.get(`/api/documents/${secret}?format=${format}`);
    expectStatus(doc, 200, `reading the document of ${what} as ${format}`);
    const expected = isRecord(doc.json) ? doc.json['content'] : undefined;
    const actual = content[field];
    if (typeof actual !== 'string') fail(`${what}.${field} should be a string, got ${JSON.stringify(actual)}`, res);
    const same = format === 'json' ? JSON.stringify(JSON.parse(actual)) === JSON.stringify(expected) : actual === expected;
    if (!same) fail(`${what}.${field} is ${JSON.stringify(actual).slice(0, 300)}, the document endpoint with format=${format} answers ${JSON.stringify(expected)?.slice(0, 300)}`, res);
  }
}

export default defineCheck({
  id: 'graphql.rich-text',
  name:
    'A rich text field and the content of comments (Comments extension) answer their document\'s secret (also under an alias) and jsonString, text, md and html, each equal to the document endpoint\'s content ' +
    'in that format (null for a document that does not exist); comments come as an inner list with their author, in the order and with the filters asked for',
  level: 'MUST',
  area: 'graphql',
  requirements: ['GQL-005', 'GQL-006', 'GQL-007', 'GQL-008', 'GQL-027', 'GQL-046', 'GQL-068'],
  target: 'server',
  async run(ctx) {
    await withNotesDatabase(ctx, { comments: true }, async (n) => {
      const created = await run(ctx, { command: 'svc.entity/create', args: { type: n.notes, entity: { [n.title]: 'commented' } } }, 'creating a note to comment on');
      const note = isRecord(created) ? String(created['svc/id']) : '';
      const value = isRecord(created) ? created[n.body] : undefined;
      const bodySecret = isRecord(value) ? value[RICH_TEXT_SECRET] : undefined;
      if (typeof bodySecret !== 'string') fail(`the created Entity should carry the document secret of ${n.body}, got ${JSON.stringify(created)?.slice(0, 300)}`, ctx.http.lastExchange?.response);
      // Two comments on the note (the contract's comment sequence), then every content.
      const comments = COMMENT_MARKDOWN.map((text) => ({ id: randomUUID(), secret: newSecret(), text }));
      for (const c of comments) {
        await runBatch(
          ctx,
          [
            { command: 'svc.entity/create', args: { type: 'comments/comment', entity: { 'svc/id': c.id, 'comment/document-secret': c.secret, 'svc/created-by': { 'svc/id': n.userId } } } },
            { command: 'svc.entity/add-collection-items', args: { type: n.notes, entity: { 'svc/id': note }, field: 'comments/comments', items: [{ 'svc/id': c.id }] } },
          ],
          `adding comment ${c.id} to the note`,
        );
      }
      await writeDocuments(ctx, [{ secret: bodySecret, content: BODY_MARKDOWN }, ...comments.map((c) => ({ secret: c.secret, content: c.text }))], 'md');

      const forms = `__typename secret address: secret ${FORMS.map(([f]) => f).join(' ')}`;
      const res = await postGraphql(ctx, n.space, {
        query: `{ commented: findNotes(comments: {isEmpty: false}) { id body { ${forms} } comments(orderBy: {id: DESC}) { id author { id } createdBy { id } content { ${forms} } } }
          quiet: findNotes(comments: {isEmpty: true}) { id } }`,
      });
      const data = expectData(res, 'rich text and comments in four forms');
      const [row, ...more] = rowsOf(res, data, 'commented', 'findNotes(comments: {isEmpty: false})');
      if (!row || more.length > 0 || row['id'] !== note) fail(`findNotes(comments: {isEmpty: false}) should answer the commented note ${note} alone, got ${JSON.stringify(data['commented']).slice(0, 300)}`, res);
      const quiet = rowsOf(res, data, 'quiet', 'findNotes(comments: {isEmpty: true})');
      if (quiet.some((r) => r['id'] === note) || quiet.length !== 1) fail(`findNotes(comments: {isEmpty: true}) should answer the one note without comments, got ${JSON.stringify(quiet)}`, res);
      await expectForms(ctx, res, row['body'], bodySecret, 'body');
      const got = rowsOf(res, row, 'comments', 'comments');
      const want = [...comments].sort((a, b) => compareText(b.id, a.id));
      if (got.map((c) => c['id']).join() !== want.map((c) => c.id).join()) fail(`comments(orderBy: {id: DESC}) should answer ${want.map((c) => c.id).join(', ')}, got ${got.map((c) => String(c['id'])).join(', ')}`, res);
      for (const [i, c] of want.entries()) {
        const comment = got[i] as Record<string, unknown>;
        for (const key of ['author', 'createdBy']) {
          const user = comment[key];
          if (!isRecord(user) || user['id'] !== n.userId) fail(`comment ${c.id}: ${key} should be the user ${n.userId}, got ${JSON.stringify(user)}`, res);
        }
        await expectForms(ctx, res, comment['content'], c.secret, `the content of comment ${c.id}`);
      }
      // A document never written does not exist: a comment whose document secret names no document answers null in each format.
      const bare = await run(ctx, { command: 'svc.entity/create', args: { type: n.notes, entity: { [n.title]: 'bare comment' } } }, 'creating a note for a comment without a document');
      const bareNote = isRecord(bare) ? String(bare['svc/id']) : '';
      const bareComment = randomUUID();
      await runBatch(
        ctx,
        [
          { command: 'svc.entity/create', args: { type: 'comments/comment', entity: { 'svc/id': bareComment, 'comment/document-secret': newSecret(), 'svc/created-by': { 'svc/id': n.userId } } } },
          { command: 'svc.entity/add-collection-items', args: { type: n.notes, entity: { 'svc/id': bareNote }, field: 'comments/comments', items: [{ 'svc/id': bareComment }] } },
        ],
        `adding comment ${bareComment}, whose document is never written`,
      );
      const formats = FORMS.map(([f]) => f);
      const unwritten = await postGraphql(ctx, n.space, { query: `{ findNotes(id: {is: "${bareNote}"}) { comments { content { ${formats.join(' ')} } } } }` });
      const [bareRow] = rowsOf(unwritten, expectData(unwritten, 'the content of a comment whose document was never written'), 'findNotes', 'findNotes');
      const [bareContent] = bareRow ? rowsOf(unwritten, bareRow, 'comments', 'comments') : [];
      const content = bareContent?.['content'];
      const notNull = formats.filter((f) => !isRecord(content) || content[f] !== null);
      if (notNull.length > 0) fail(`a comment whose document was never written should answer null in every format (the document does not exist); ${notNull.join(', ')} answered ${JSON.stringify(content)}`, unwritten);
    });
  },
});
