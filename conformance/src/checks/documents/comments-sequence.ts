import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { checkProperty } from '../../property.js';
import { isRecord } from '../../shapes.js';
import { run, runBatch } from '../../workspace.js';
import { readDocuments, withNotesDatabase, writeDocuments } from './client.js';

/** Fewest cases of the property, whatever the run's numRuns. */
const MIN_RUNS = 200;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** A comment's markdown: paragraphs of plain words (a letter first, so no paragraph reads as a list or heading). */
const word = fc.string({ unit: fc.constantFrom(...'abcdefxyzABC0123456789,.!?\''), minLength: 1, maxLength: 8 });
const paragraphText = fc
  .tuple(fc.constantFrom(...'abcdefghLMNOP'), fc.array(word, { minLength: 0, maxLength: 5 }))
  .map(([first, words]) => [`${first}${words[0] ?? ''}`, ...words.slice(1)].join(' '));
const commentText = fc.array(paragraphText, { minLength: 1, maxLength: 3 }).map((paragraphs) => paragraphs.join('\n\n'));

const input = fc.record({
  parents: fc.integer({ min: 1, max: 3 }),
  comments: fc.array(fc.record({ parent: fc.nat(), text: commentText }), { maxLength: 4 }),
});

function refId(value: unknown): unknown {
  return isRecord(value) ? value['svc/id'] : value;
}

export default defineCheck({
  id: 'documents.comments-sequence',
  name:
    'For any number of comments with random contents on random parents (at least 200 cases), the contract\'s three steps (two client UUIDs; one svc.command/batch ' +
    'of svc.entity/create of comments/comment and svc.entity/add-collection-items to comments/comments; create-or-update-documents of the content) leave each ' +
    'parent with exactly its comments in a comments/comments sub-select (comment/author and svc/created-by the creator, comments/parent null, svc/public-id and ' +
    'svc/creation-date set), whose documents read back (get-documents) with exactly the contents written',
  level: 'MUST',
  cost: 'slow',
  area: 'comments',
  requirements: ['COMMENT-002', 'COMMENT-003', 'COMMENT-004', 'COMMENT-005', 'COMMENT-006', 'COMMENT-007', 'COMMENT-008', 'COMMENT-009', 'COMMENT-010', 'COMMENT-011', 'COMMENT-013', 'COMMENT-014', 'COMMENT-015', 'DOC-015', 'DOC-019'],
  target: 'server',
  async run(ctx) {
    await withNotesDatabase(ctx, { comments: true }, async (n) => {
      let round = 0;
      await checkProperty(
        ctx,
        input,
        async ({ parents: parentCount, comments }) => {
          round++;
          const created = await runBatch(
            ctx,
            Array.from({ length: parentCount }, (_, i) => ({ command: 'svc.entity/create' as const, args: { type: n.notes, entity: { [n.title]: `parent ${round}.${i}` } } })),
            `creating ${parentCount} parent(s) in ${n.notes}`,
          );
          const parents = created.map((e) => String(isRecord(e) ? e['svc/id'] : ''));
          const expected = new Map<string, Array<{ id: string; secret: string; text: string }>>(parents.map((p) => [p, []]));
          for (const comment of comments) {
            const parent = parents[comment.parent % parents.length] as string;
            // Step 1: two client-generated UUIDs.
            const id = randomUUID();
            const secret = randomUUID();
            // Step 2: one batch, create then add to the parent's comments/comments.
            const [result, added] = await runBatch(
              ctx,
              [
                { command: 'svc.entity/create', args: { type: 'comments/comment', entity: { 'svc/id': id, 'comment/document-secret': secret, 'svc/created-by': { 'svc/id': n.userId } } } },
                { command: 'svc.entity/add-collection-items', args: { type: n.notes, entity: { 'svc/id': parent }, field: 'comments/comments', items: [{ 'svc/id': id }] } },
              ],
              `adding comment ${id} to ${parent} (step 2 of the comment sequence)`,
            );
            const res = ctx.http.lastExchange?.response;
            if (!isRecord(result) || result['svc/id'] !== id) fail(`svc.entity/create of comments/comment with svc/id ${id} answered ${JSON.stringify(result)?.slice(0, 300)}`, res);
            if (typeof result['svc/public-id'] !== 'string' || result['svc/public-id'] === '') fail(`svc.entity/create of a comment answered svc/public-id ${JSON.stringify(result['svc/public-id'])}, expected a string`, res);
            if (added !== 'ok') fail(`svc.entity/add-collection-items to comments/comments answered ${JSON.stringify(added)}, expected "ok"`, res);
            (expected.get(parent) as Array<{ id: string; secret: string; text: string }>).push({ id, secret, text: comment.text });
          }
          // Step 3: the contents, by the comments' document secrets (one create-or-update-documents for the comments of this case).
          const contents = [...expected.values()].flat().map(({ secret, text }) => ({ secret, content: text }));
          if (contents.length > 0) await writeDocuments(ctx, contents);

          const rows = await run(
            ctx,
            {
              command: 'svc.entity/query',
              args: {
                query: {
                  'q/from': n.notes,
                  'q/select': ['svc/id', { 'comments/comments': { 'q/select': ['svc/id', 'comment/document-secret', 'svc/created-by', 'comment/author', 'svc/creation-date', 'svc/public-id', 'comments/parent'], 'q/limit': 100 } }],
                  'q/where': ['q/in', ['svc/id'], '$parents'],
                  'q/limit': 10,
                },
                params: { $parents: parents },
              },
            },
            'reading the parents with a comments/comments sub-select',
          );
          const res = ctx.http.lastExchange?.response;
          if (!Array.isArray(rows) || rows.length !== parents.length) fail(`querying ${parents.length} parent(s) answered ${JSON.stringify(rows)?.slice(0, 300)}`, res);
          const secrets: string[] = [];
          const texts: string[] = [];
          for (const row of rows) {
            if (!isRecord(row)) fail(`a parent row is ${JSON.stringify(row)}`, res);
            const want = expected.get(String(row['svc/id']));
            if (!want) fail(`the query returned ${JSON.stringify(row['svc/id'])}, not one of the parents ${parents.join(', ')}`, res);
            const got = row['comments/comments'];
            if (!Array.isArray(got)) fail(`comments/comments of parent ${String(row['svc/id'])} is ${JSON.stringify(got)}, expected an array`, res);
            const gotIds = got.map((c: unknown) => (isRecord(c) ? String(c['svc/id']) : '')).sort();
            const wantIds = want.map((c) => c.id).sort();
            if (gotIds.join() !== wantIds.join()) fail(`comments/comments of parent ${String(row['svc/id'])} holds ${JSON.stringify(gotIds)}, expected exactly ${JSON.stringify(wantIds)}`, res);
            for (const comment of got as unknown[]) {
              if (!isRecord(comment)) continue;
              const mine = want.find((c) => c.id === comment['svc/id']) as { id: string; secret: string; text: string };
              const at = `comment ${mine.id}`;
              if (comment['comment/document-secret'] !== mine.secret) fail(`${at}: comment/document-secret is ${JSON.stringify(comment['comment/document-secret'])}, ${mine.secret} was written`, res);
              if (refId(comment['svc/created-by']) !== n.userId) fail(`${at}: svc/created-by is ${JSON.stringify(comment['svc/created-by'])}, expected {svc/id: ${n.userId}}`, res);
              if (refId(comment['comment/author']) !== n.userId) fail(`${at}: comment/author is ${JSON.stringify(comment['comment/author'])}, expected the creator {svc/id: ${n.userId}}`, res);
              if (comment['comments/parent'] !== null) fail(`${at}: comments/parent is ${JSON.stringify(comment['comments/parent'])}, expected null`, res);
              const date = comment['svc/creation-date'];
              if (typeof date !== 'string' || !TIMESTAMP.test(date)) fail(`${at}: svc/creation-date is ${JSON.stringify(date)}, expected a timestamp`, res);
              if (typeof comment['svc/public-id'] !== 'string' || comment['svc/public-id'] === '') fail(`${at}: svc/public-id is ${JSON.stringify(comment['svc/public-id'])}, expected a string`, res);
              secrets.push(String(comment['comment/document-secret']));
              texts.push(mine.text);
            }
          }
          if (secrets.length === 0) return;
          const read = await readDocuments(ctx, secrets, 'plain-text');
          read.forEach((content, i) => {
            if (content !== texts[i]) fail(`the document ${secrets[i]} of a comment reads ${JSON.stringify(content)}, ${JSON.stringify(texts[i])} was written`, ctx.http.lastExchange?.response);
          });
        },
        { numRuns: Math.max(ctx.fastCheck.numRuns, MIN_RUNS) },
      );
    });
  },
});
