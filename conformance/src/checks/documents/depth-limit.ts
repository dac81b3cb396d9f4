import { expectErrorName, expectNamesField, expectPlainError, expectStatus, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { canonicalJson } from '../../model/values.js';
import { doc, italic, p, text } from './build.js';
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

/**
 * Markdown constructs nest at most 104 deep (spec/service.openapi.yaml, tag documents): text inside
 * 102 emphases one inside the other is a paragraph of italic text (2 levels below doc) and is read,
 * inside 103 it is refused.
 */
const NESTED_EMPHASIS = 102;
const nestedEmphasis = (levels: number) => `${'*a '.repeat(levels)}x${' a*'.repeat(levels)}`;
const NESTED_EMPHASIS_DOC = doc(p(text(`${'a '.repeat(NESTED_EMPHASIS)}x${' a'.repeat(NESTED_EMPHASIS)}`, italic)));
/** Far past the limit: block quotes more than twice as deep as the limit allows. */
const FAR = 2 * MAX_LEVELS + 9;

export default defineCheck({
  id: 'documents.depth-limit',
  name:
    `Markdown and HTML nesting ${MAX_LEVELS} levels below doc (a paragraph inside ${MAX_LEVELS - 1} block quotes) are written and read back nested so; ` +
    `one level more (and markdown ${FAR} block quotes deep) is refused with 400 document.error/content-invalid naming content, and the document stays as it was; ` +
    `markdown of text inside ${NESTED_EMPHASIS} emphases is read as a paragraph of italic text, inside ${NESTED_EMPHASIS + 1} refused so`,
  level: 'SHOULD',
  area: 'documents',
  requirements: ['DOC-037', 'DOC-042'],
  target: 'server',
  async run(ctx) {
    const emphasis = newSecret();
    await putDocument(ctx, emphasis, nestedEmphasis(NESTED_EMPHASIS), 'md');
    const flat = await getDocument(ctx, emphasis, 'json');
    if (canonicalJson(flat) !== canonicalJson(NESTED_EMPHASIS_DOC)) {
      fail(`markdown of emphasis nested ${NESTED_EMPHASIS} deep reads back as ${JSON.stringify(flat).slice(0, 300)}, expected one paragraph of italic text`, ctx.http.lastExchange?.response);
    }
    const refused = [
      { what: `md with text inside ${NESTED_EMPHASIS + 1} emphases`, markdown: nestedEmphasis(NESTED_EMPHASIS + 1) },
      { what: `md with a paragraph inside ${FAR} block quotes`, markdown: nested.md(FAR) },
    ];
    for (const { what, markdown } of refused) {
      const res = await putDocumentRaw(ctx, emphasis, markdown, 'md');
      expectStatus(res, 400, what);
      const error = expectPlainError(res, what);
      expectErrorName(res, error.name, 'document.error/content-invalid', what);
      expectNamesField(res, error, 'content', what);
    }
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
