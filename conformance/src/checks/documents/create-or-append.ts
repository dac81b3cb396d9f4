import { expectStatus, fail } from '../../assert.js';
import { CheckUnsupported, defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { documentCommandRaw, getDocument, newSecret, putDocument } from './client.js';

/** What each append writes, in the format it is sent in, and the blocks it adds (read back as md). */
const APPENDS: ReadonlyArray<{ format: 'md' | 'html' | 'json'; content: unknown; md: string }> = [
  { format: 'md', content: 'second *part*\n', md: 'second *part*' },
  { format: 'html', content: '<h2>third</h2>', md: '## third' },
  { format: 'json', content: { doc: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'fourth' }] }] } }, md: 'fourth' },
];

export default defineCheck({
  id: 'documents.create-or-append',
  name:
    'create-or-append-documents (the public API form) adds its content after the blocks a document holds, in md, html and json, twice in one request in order, ' +
    'and makes a new document for a secret none has; it answers true',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'documents',
  requirements: ['DOC-045'],
  target: 'server',
  async run(ctx) {
    const secret = newSecret();
    await putDocument(ctx, secret, 'first\n');
    let expected = ['first'];
    for (const append of APPENDS) {
      const what = `create-or-append-documents of ${append.format} to a document holding ${expected.length} blocks`;
      const res = await documentCommandRaw(ctx, { command: 'create-or-append-documents', args: [{ secret, content: append.content }] }, append.format);
      if (res.status === 400 && isRecord(res.json) && JSON.stringify(res.json).includes('create-or-append-documents')) throw new CheckUnsupported(['create-or-append-documents'], `answered 400: ${JSON.stringify(res.json).slice(0, 200)}`);
      expectStatus(res, 200, what);
      if (res.json !== true) fail(`${what} answered ${JSON.stringify(res.json)}, expected true`, res);
      expected = [...expected, append.md];
      const md = await getDocument(ctx, secret, 'md');
      const blocks = typeof md === 'string' ? md.trim().split(/\n\n+/) : [];
      if (blocks.join('|') !== expected.join('|')) fail(`after ${what}: the document reads ${JSON.stringify(md)}, expected the blocks ${JSON.stringify(expected)}`, ctx.http.lastExchange?.response);
    }
    const fresh = newSecret();
    const res = await documentCommandRaw(ctx, { command: 'create-or-append-documents', args: [{ secret: fresh, content: 'one\n' }, { secret: fresh, content: 'two\n' }] });
    expectStatus(res, 200, 'create-or-append-documents to a new secret, twice in one request');
    const md = await getDocument(ctx, fresh, 'md');
    if (typeof md !== 'string' || md.trim().split(/\n\n+/).join('|') !== 'one|two') fail(`create-or-append-documents of "one" then "two" to a new secret reads ${JSON.stringify(md)}, expected the blocks one, two`, ctx.http.lastExchange?.response);
  },
});
