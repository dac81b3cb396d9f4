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
/**
 * Allowed schemes in other letter cases: a scheme is compared without regard to case (RFC 3986, 3.1),
 * so these are kept as written, in every format alike.
 */
const CASED_LINKS = ['HTTPS://example.com/A', 'Http://example.com/b', 'MAILTO:a@example.com', 'Tel:+15550100'] as const;
const CASED_IMAGES = ['HTTPS://example.com/i.png', 'hTTp://example.com/j.png'] as const;

/** One paragraph per address: a link to it and an image from it; then a paragraph of cased links and images. */
const EXPECTED: PMDocument = doc(
  ...RELATIVE.map((address, i) => p(text(`link ${i}`, link(address)), ' ', image(address, `image ${i}`))),
  p(...CASED_LINKS.flatMap((address, i) => [text(`cased ${i}`, link(address)), ' ']), ...CASED_IMAGES.map((address, i) => image(address, `cased image ${i}`))),
);

const WRITTEN: Record<WriteFormat, DocumentContent> = {
  json: EXPECTED,
  md:
    RELATIVE.map((address, i) => `[link ${i}](${address}) ![image ${i}](${address})`).join('\n\n') +
    `\n\n${CASED_LINKS.map((address, i) => `[cased ${i}](${address}) `).join('')}${CASED_IMAGES.map((address, i) => `![cased image ${i}](${address})`).join('')}`,
  html:
    RELATIVE.map((address, i) => `<p><a href="${address}">link ${i}</a> <img src="${address}" alt="image ${i}"></p>`).join('') +
    `<p>${CASED_LINKS.map((address, i) => `<a href="${address}">cased ${i}</a> `).join('')}${CASED_IMAGES.map((address, i) => `<img src="${address}" alt="cased image ${i}">`).join('')}</p>`,
};

export default defineCheck({
  id: 'documents.url-edges',
  name:
    'Relative link and image addresses with a colon after their first /, ? or # (/wiki/Special:Random, ?q=a:b, #x:y, ./a:b, a/b:c) are kept, ' +
    'and so are http(s), mailto and tel addresses whose scheme is in other letter cases (HTTPS://, Http://, MAILTO:, Tel:), ' +
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
        fail(`relative addresses with a colon and addresses with upper-case schemes written as ${format} read back as ${JSON.stringify(read).slice(0, 400)}, expected every link and image kept (${difference})`, ctx.http.lastExchange?.response);
      }
    }
  },
});
