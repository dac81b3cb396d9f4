/**
 * Markdown at the edges of the md reader and writer, with the document each must be: syntax whose
 * document the schema forces although it is not in the canonical form (an empty list item), the
 * CommonMark rules a reader must follow to the letter (the first of two definitions of a reference
 * wins; a footnote reference keeps its label as written), and documents outside the canonical form
 * whose markdown cannot hold a part of them (a hard break in a heading).
 */
import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { br, doc, heading, italic, link, p, text, ul, type PMDocument } from './build.js';
import { newSecret, readDocuments, writeDocuments } from './client.js';
import { firstDifference } from './compare.js';

/** Markdown and the document it reads as (json). */
const READS: Array<{ what: string; markdown: string; doc: PMDocument }> = [
  { what: 'a list with an empty item', markdown: '- a\n-\n- b\n', doc: doc(ul([p('a')], [p()], [p('b')])) },
  { what: 'a list of one empty item', markdown: 'before\n\n-\n', doc: doc(p('before'), ul([p()])) },
  { what: 'a reference defined twice (the first definition wins)', markdown: '[a][r] [b][R]\n\n[r]: /first\n[R]: /second\n', doc: doc(p(text('a', link('/first')), ' ', text('b', link('/first')))) },
  { what: 'footnote references whose labels hold capitals', markdown: 'See[^Note] and[^B-2].\n\n[^Note]: N.\n\n[^B-2]: *B*.\n', doc: doc(p('See[^Note] and[^B-2].'), p('N.'), p(text('B', italic), '.')) },
];

/** Documents written as json whose markdown, written back, is another document (what markdown cannot hold). */
const WRITES: Array<{ what: string; written: PMDocument; doc: PMDocument }> = [
  {
    what: 'headings holding a hard break (a heading is one line of markdown: the break is a space)',
    written: doc(heading(1, 'one', br, 'two'), heading(2, 'three', br, 'four'), heading(4, 'five', br, 'six')),
    doc: doc(heading(1, 'one two'), heading(2, 'three four'), heading(4, 'five six')),
  },
];

export default defineCheck({
  id: 'documents.markdown-edges',
  name:
    'Markdown at the edges of the reader reads as the document it is (an empty list item is an item of an empty paragraph, the first definition of a reference wins, ' +
    'a footnote reference keeps its label as written); a hard break in a heading, written as json, is a space in its md, which reads back so',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'documents',
  requirements: ['DOC-029', 'DOC-034', 'DOC-043'],
  target: 'server',
  async run(ctx) {
    const reads = READS.map((r) => ({ ...r, secret: newSecret() }));
    await writeDocuments(ctx, reads.map((r) => ({ secret: r.secret, content: r.markdown })), 'md');
    const read = await readDocuments(ctx, reads.map((r) => r.secret), 'json');
    for (const [i, r] of reads.entries()) {
      const problem = firstDifference(r.doc, read[i]);
      if (problem) fail(`${r.what}, written as md (${JSON.stringify(r.markdown)}), reads back as json otherwise: ${problem}`, ctx.http.lastExchange?.response);
    }

    const writes = WRITES.map((w) => ({ ...w, secret: newSecret(), again: newSecret() }));
    await writeDocuments(ctx, writes.map((w) => ({ secret: w.secret, content: w.written })), 'json');
    const markdown = await readDocuments(ctx, writes.map((w) => w.secret), 'md');
    await writeDocuments(ctx, writes.map((w, i) => ({ secret: w.again, content: markdown[i] as string })), 'md');
    const back = await readDocuments(ctx, writes.map((w) => w.again), 'json');
    for (const [i, w] of writes.entries()) {
      const problem = firstDifference(w.doc, back[i]);
      if (problem) fail(`${w.what}: written as json, read as md (${JSON.stringify(markdown[i])}) and written back as md, it reads as json otherwise: ${problem}`, ctx.http.lastExchange?.response);
    }
  },
});
