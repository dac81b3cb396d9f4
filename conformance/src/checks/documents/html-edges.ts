import { expectErrorName, expectPlainError, expectStatus, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { canonicalJson } from '../../model/values.js';
import { codeBlock, doc, heading, image, link, ol, p, table, text, ul, type PMDocument } from './build.js';
import { firstDifference } from './compare.js';
import { getDocument, newSecret, putDocument, putDocumentRaw } from './client.js';

/** HTML written with format=html and the document (json) each must read as (spec/CONVENTIONS.md, "Documents"). */
const READS: ReadonlyArray<{ what: string; html: string; doc: PMDocument }> = [
  {
    what: 'a pre of highlighting spans (no code element)',
    html: '<pre><span class="kd">const</span> a = <span class="mi">1</span>;\nb()</pre>',
    doc: doc(codeBlock('const a = 1;\nb()')),
  },
  { what: 'a pre with a br', html: '<pre>first<br>second</pre>', doc: doc(codeBlock('first\nsecond')) },
  { what: 'a code whose language- class is not its first class', html: '<pre><code class="hl language-ts x">let b;</code></pre>', doc: doc(codeBlock('let b;', 'ts')) },
  {
    what: 'a pre whose language-classed code follows another element',
    html: '<pre><b>note: </b><code class="language-ts">let a;</code></pre>',
    doc: doc(codeBlock('note: let a;', 'ts')),
  },
  {
    what: 'an http link and an http image',
    html: '<p><a href="http://example.com/plain">plain</a> <img src="http://example.com/i.png" alt="i"></p>',
    doc: doc(p(text('plain', link('http://example.com/plain')), ' ', image('http://example.com/i.png', 'i'))),
  },
  {
    what: 'text inside 111 div elements',
    html: `${'<div>'.repeat(111)}deep${'</div>'.repeat(111)}`,
    doc: doc(p('deep')),
  },
];

/**
 * HTML whose elements stand where the schema has no place for them, with the documents each may read as (the text is
 * kept, the document is one of the schema): blocks inside table cells (a cell holds one paragraph), lists without
 * items (a list holds one item or more), list items outside any list.
 */
const PLACED: ReadonlyArray<{ what: string; html: string; docs: PMDocument[] }> = [
  {
    what: 'a rule, code blocks (one empty) and a list inside table cells',
    html: '<table><thead><tr><th>h</th><th>i</th></tr></thead><tbody><tr><td>a<hr>b</td><td><pre>x y</pre></td></tr><tr><td><pre></pre></td><td><ul><li>z</li></ul></td></tr></tbody></table>',
    docs: [doc(table([['h'], ['i']], [['ab'], ['x y']], [[], ['z']])), doc(table([['h'], ['i']], [['a b'], ['x y']], [[], ['z']]))],
  },
  { what: 'lists without items', html: '<ul></ul><ol start="3"></ol><p>after</p>', docs: [doc(p('after')), doc(ul([p()]), ol(3, [p()]), p('after'))] },
  { what: 'list items outside any list', html: '<p>before</p><li>one</li><li><p>two</p></li>', docs: [doc(p('before'), p('one'), p('two')), doc(p('before'), ul([p('one')], [p('two')]))] },
];

/** HTML nested too deep: refused, whatever the elements. */
const REFUSED: ReadonlyArray<{ what: string; html: string }> = [
  { what: 'text inside 112 div elements', html: `${'<div>'.repeat(112)}deep${'</div>'.repeat(112)}` },
  { what: 'text inside 20000 unclosed div elements', html: `${'<div>'.repeat(20_000)}deep` },
  {
    what: 'a paragraph, then a paragraph inside 48 block quotes (49 levels below doc)',
    html: `<p>first</p>${'<blockquote>'.repeat(48)}<p>deep</p>${'</blockquote>'.repeat(48)}`,
  },
];

const BEFORE = doc(heading(2, 'as it was'));

export default defineCheck({
  id: 'documents.html-edges',
  name:
    'HTML at the edges of reading: any pre reads as a code block of its text as it stands (highlighting spans, br, the language of a code child ' +
    'after another element), http links and images are kept, text inside 111 divs is read; blocks inside table cells, lists without items ' +
    'and list items outside a list read as a document of the schema keeping their text; text inside 112 or 20000 divs, and a paragraph ' +
    'inside 48 quotes after a shallow paragraph, are refused 400 document.error/content-invalid naming content, the document unchanged',
  level: 'SHOULD',
  area: 'documents',
  requirements: ['DOC-013', 'DOC-026', 'DOC-035', 'DOC-037', 'DOC-040', 'DOC-041'],
  target: 'server',
  async run(ctx) {
    for (const { what, html, doc: expected } of READS) {
      const secret = newSecret();
      await putDocument(ctx, secret, html, 'html');
      const read = await getDocument(ctx, secret, 'json');
      const difference = firstDifference(expected, read);
      if (difference !== undefined) {
        fail(`${what}: the html ${JSON.stringify(html.slice(0, 120))} reads back as ${JSON.stringify(read).slice(0, 400)}, expected ${JSON.stringify(expected)} (${difference})`, ctx.http.lastExchange?.response);
      }
    }
    for (const { what, html, docs } of PLACED) {
      const secret = newSecret();
      await putDocument(ctx, secret, html, 'html');
      const read = await getDocument(ctx, secret, 'json');
      if (docs.every((expected) => firstDifference(expected, read) !== undefined)) {
        fail(`${what}: the html ${JSON.stringify(html.slice(0, 160))} reads back as ${JSON.stringify(read).slice(0, 400)}, expected ${docs.map((d) => JSON.stringify(d)).join(' or ')} (${firstDifference(docs[0] as PMDocument, read)})`, ctx.http.lastExchange?.response);
      }
    }
    const secret = newSecret();
    await putDocument(ctx, secret, BEFORE, 'json');
    for (const { what, html } of REFUSED) {
      const label = `html of ${what}`;
      const res = await putDocumentRaw(ctx, secret, html, 'html');
      expectStatus(res, 400, label);
      const error = expectPlainError(res, label);
      expectErrorName(res, error.name, 'document.error/content-invalid', label);
      const field = error.data?.['field'];
      if (field !== 'content' && field !== '/content') fail(`${label}: expected data.field "content" (the whole content is at fault), got ${JSON.stringify(field)}`, res);
    }
    const after = await getDocument(ctx, secret, 'json');
    if (canonicalJson(after) !== canonicalJson(BEFORE)) fail(`after the refused html writes the document reads ${JSON.stringify(after).slice(0, 200)}, expected it unchanged`, ctx.http.lastExchange?.response);
  },
});
