import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { doc, image, link, p, text, type PMDocument } from './build.js';
import { firstDifference } from './compare.js';
import { getDocument, newSecret, putDocument, type DocumentContent, type WriteFormat } from './client.js';

/**
 * Relative addresses holding a `:` after their first `/`, `?` or `#`: no scheme, so kept as links and
 * images (spec/CONVENTIONS.md, "Sanitizing").
 */
const RELATIVE = ['/wiki/Special:Random', '?q=a:b', '#x:y', './a:b', 'a/b:c'] as const;

/** One paragraph per address: a link to it and an image from it. */
const EXPECTED: PMDocument = doc(...RELATIVE.map((address, i) => p(text(`link ${i}`, link(address)), ' ', image(address, `image ${i}`))));

const WRITTEN: Record<WriteFormat, DocumentContent> = {
  json: EXPECTED,
  md: RELATIVE.map((address, i) => `[link ${i}](${address}) ![image ${i}](${address})`).join('\n\n'),
  html: RELATIVE.map((address, i) => `<p><a href="${address}">link ${i}</a> <img src="${address}" alt="image ${i}"></p>`).join(''),
};

export default defineCheck({
  id: 'documents.url-edges',
  name:
    'Relative link and image addresses with a colon after their first /, ? or # (/wiki/Special:Random, ?q=a:b, #x:y, ./a:b, a/b:c) are kept, ' +
    'written as json, md and html',
  level: 'SHOULD',
  area: 'documents',
  requirements: ['DOC-026'],
  target: 'server',
  async run(ctx) {
    for (const format of ['json', 'md', 'html'] as const) {
      const secret = newSecret();
      await putDocument(ctx, secret, WRITTEN[format], format);
      const read = await getDocument(ctx, secret, 'json');
      const difference = firstDifference(EXPECTED, read);
      if (difference !== undefined) {
        fail(`relative addresses with a colon written as ${format} read back as ${JSON.stringify(read).slice(0, 400)}, expected every link and image kept (${difference})`, ctx.http.lastExchange?.response);
      }
    }
  },
});
