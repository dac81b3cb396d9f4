import { expectStatus, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { run } from '../../workspace.js';
import { expectData, postGraphql, rowsOf } from './lib/client.js';
import { withExtraDatabase } from './lib/extra-database.js';

const SECRET_KEY = 'Collaboration~Documents/secret';
const MARKDOWN = '# Plan\n\nShip the **GraphQL** read API.\n\n- filters\n- paging\n';

/** GraphQL RichText field and the `format` of GET /api/documents/<secret> that gives the same content. */
const FORMS: Array<[string, string]> = [
  ['jsonString', 'json'],
  ['text', 'plain-text'],
  ['md', 'md'],
  ['html', 'html'],
];

export default defineCheck({
  id: 'graphql.rich-text',
  name: 'A rich text field answers its content as jsonString, text, md and html, each equal to the document endpoint\'s content in that format',
  level: 'MUST',
  area: 'graphql',
  requirements: ['GQL-005', 'GQL-006', 'GQL-007', 'GQL-008'],
  target: 'server',
  async run(ctx) {
    await withExtraDatabase(ctx, [{ name: 'Notes', type: 'Collaboration~Documents/Document' }], async (db) => {
      const notes = db.fields['Notes'] as string;
      const created = await run(ctx, { command: 'svc.entity/create', args: { type: db.type, entity: { [db.fields['Label'] as string]: 'note' } } }, 'creating an Entity with a rich text field');
      const value = isRecord(created) ? created[notes] : undefined;
      const secret = isRecord(value) ? value[SECRET_KEY] : undefined;
      if (typeof secret !== 'string') fail(`the created Entity should carry the document secret of ${notes}, got ${JSON.stringify(created)?.slice(0, 300)}`, ctx.http.lastExchange?.response);
      const written = await ctx.http.request({ method: 'PUT', path: `/api/documents/${secret}?format=md`, json: { content: MARKDOWN } });
      expectStatus(written, 200, 'writing the document as Markdown');
      const res = await postGraphql(ctx, db.space, { query: `{ findRecords { notes { ${FORMS.map(([f]) => f).join(' ')} } } }` });
      const [row] = rowsOf(res, expectData(res, 'rich text in four forms'), 'findRecords', 'findRecords');
      const content = row?.['notes'];
      if (!isRecord(content)) fail(`notes should be a RichText object, got ${JSON.stringify(content)}`, res);
      for (const [field, format] of FORMS) {
        const doc = await ctx.http.get(`/api/documents/${secret}?format=${format}`);
        expectStatus(doc, 200, `reading the document as ${format}`);
        const expected = isRecord(doc.json) ? doc.json['content'] : undefined;
        const actual = content[field];
        if (typeof actual !== 'string') fail(`notes.${field} should be a string, got ${JSON.stringify(actual)}`, res);
        const same = format === 'json' ? JSON.stringify(JSON.parse(actual)) === JSON.stringify(expected) : actual === expected;
        if (!same) fail(`notes.${field} is ${JSON.stringify(actual).slice(0, 300)}, the document endpoint with format=${format} answers ${JSON.stringify(expected)?.slice(0, 300)}`, res);
      }
    });
  },
});
