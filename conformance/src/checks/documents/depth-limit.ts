import { expectErrorName, expectNamesField, expectPlainError, expectStatus, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { canonicalJson } from '../../model/values.js';
import { doc, p } from './build.js';
import { getDocument, newSecret, putDocument, putDocumentRaw } from './client.js';

/** The deepest a document nests below `doc` (spec/service.openapi.yaml, tag documents). */
const MAX_LEVELS = 48;

/** A paragraph inside `quotes` block quotes, as markdown and as HTML. */
const nested = {
  md: (quotes: number) => `${'>'.repeat(quotes)} deep`,
  html: (quotes: number) => `${'<blockquote>'.repeat(quotes)}<p>deep</p>${'</blockquote>'.repeat(quotes)}`,
} as const;

/** How many block quotes a document read as json holds, one inside the other. */
function quoteDepth(content: unknown): number {
  let depth = 0;
  let node: unknown = (content as { doc?: { content?: unknown[] } } | undefined)?.doc?.content?.[0];
  while (typeof node === 'object' && node !== null && (node as { type?: unknown }).type === 'blockquote') {
    depth += 1;
    node = (node as { content?: unknown[] }).content?.[0];
  }
  return depth;
}

const BEFORE = doc(p('as it was'));

export default defineCheck({
  id: 'documents.depth-limit',
  name:
    `Markdown and HTML nesting ${MAX_LEVELS} levels below doc (a paragraph inside ${MAX_LEVELS - 1} block quotes) are written and read back nested so; ` +
    `one level more is refused with 400 document.error/content-invalid naming content, and the document stays as it was`,
  level: 'SHOULD',
  area: 'documents',
  requirements: ['DOC-037'],
  target: 'server',
  async run(ctx) {
    for (const format of ['md', 'html'] as const) {
      const deepest = newSecret();
      await putDocument(ctx, deepest, nested[format](MAX_LEVELS - 1), format);
      const read = await getDocument(ctx, deepest, 'json');
      if (quoteDepth(read) !== MAX_LEVELS - 1) fail(`${format} with a paragraph inside ${MAX_LEVELS - 1} block quotes reads back with ${quoteDepth(read)} of them`, ctx.http.lastExchange?.response);

      const secret = newSecret();
      await putDocument(ctx, secret, BEFORE, 'json');
      const what = `${format} with a paragraph inside ${MAX_LEVELS} block quotes (${MAX_LEVELS + 1} levels)`;
      const res = await putDocumentRaw(ctx, secret, nested[format](MAX_LEVELS), format);
      expectStatus(res, 400, what);
      const error = expectPlainError(res, what);
      expectErrorName(res, error.name, 'document.error/content-invalid', what);
      expectNamesField(res, error, 'content', what);
      const after = await getDocument(ctx, secret, 'json');
      if (canonicalJson(after) !== canonicalJson(BEFORE)) fail(`after the refused ${what} the document reads ${JSON.stringify(after).slice(0, 200)}, expected it unchanged`, ctx.http.lastExchange?.response);
    }
  },
});
