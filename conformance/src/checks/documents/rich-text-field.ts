import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { canonicalJson } from '../../model/values.js';
import { isRecord } from '../../shapes.js';
import { run } from '../../workspace.js';
import { getDocument, putDocument, readDocuments, RICH_TEXT_SECRET, UUID, withNotesDatabase } from './client.js';

export default defineCheck({
  id: 'documents.rich-text-field',
  name:
    'A Database field of type Collaboration~Documents/Document gives each new Entity a document: selected as {<field>: ["Collaboration~Documents/secret"]} it is ' +
    '{Collaboration~Documents/secret: <uuid>}; that secret reads at once as an empty document, and its content is then written and read through /api/documents',
  level: 'MUST',
  area: 'documents',
  requirements: ['DOC-001', 'DOC-002', 'DOC-004', 'DOC-033'],
  target: 'server',
  async run(ctx) {
    await withNotesDatabase(ctx, { comments: false }, async (n) => {
      await run(ctx, { command: 'svc.entity/create', args: { type: n.notes, entity: { [n.title]: 'with a body' } } }, `creating an Entity of ${n.notes}`);
      const rows = await run(
        ctx,
        {
          command: 'svc.entity/query',
          args: { query: { 'q/from': n.notes, 'q/select': ['svc/id', n.title, { [n.body]: [RICH_TEXT_SECRET] }], 'q/where': ['=', [n.title], '$t'], 'q/limit': 10 }, params: { $t: 'with a body' } },
        },
        `selecting {${n.body}: [${RICH_TEXT_SECRET}]}`,
      );
      const res = ctx.http.lastExchange?.response;
      const row: unknown = Array.isArray(rows) ? rows[0] : undefined;
      const value = isRecord(row) ? row[n.body] : undefined;
      const secret = isRecord(value) ? value[RICH_TEXT_SECRET] : undefined;
      if (typeof secret !== 'string' || !UUID.test(secret)) fail(`the rich text field selected with [${RICH_TEXT_SECRET}] is ${JSON.stringify(value)}, expected {"${RICH_TEXT_SECRET}": "<uuid>"}`, res);

      const empty = await getDocument(ctx, secret, 'json');
      if (canonicalJson(empty) !== canonicalJson({ doc: { type: 'doc', content: [] } })) fail(`the document of a new Entity's rich text field reads ${JSON.stringify(empty)}, expected an empty document`, ctx.http.lastExchange?.response);
      const emptyMd = await getDocument(ctx, secret, 'md');
      if (typeof emptyMd !== 'string' || emptyMd.trim() !== '') fail(`the document of a new Entity's rich text field reads as md ${JSON.stringify(emptyMd)}, expected no text`, ctx.http.lastExchange?.response);

      await putDocument(ctx, secret, '# Brief\n\nThe *body* of the note.\n');
      const [plain] = await readDocuments(ctx, [secret], 'plain-text');
      if (plain !== 'Brief\n\nThe body of the note.') fail(`after writing the rich text field's document, get-documents reads it as plain-text ${JSON.stringify(plain)}`, ctx.http.lastExchange?.response);
      // The Entity still names the same document.
      const again = await run(ctx, { command: 'svc.entity/query', args: { query: { 'q/from': n.notes, 'q/select': [{ [n.body]: [RICH_TEXT_SECRET] }], 'q/where': ['=', [n.title], '$t'], 'q/limit': 10 }, params: { $t: 'with a body' } } }, 'selecting the rich text field again');
      const after: unknown = Array.isArray(again) ? again[0] : undefined;
      if (!isRecord(after) || canonicalJson(after[n.body]) !== canonicalJson({ [RICH_TEXT_SECRET]: secret })) fail(`after writing the document the rich text field reads ${JSON.stringify(after)}, expected the same secret ${secret}`, ctx.http.lastExchange?.response);
    });
  },
});
