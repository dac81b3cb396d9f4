import { expectPlainError, expectStatus, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { documentCommandRaw, getDocument, newSecret, putDocument, putDocumentRaw } from './client.js';

/** The document size limit of the spec for markdown: 4 MiB. */
export const DOCUMENT_LIMIT_BYTES = 4 * 1024 * 1024;
/** Large documents take seconds to convert: their requests get more time than the default. */
const LARGE_TIMEOUT_MS = 120_000;

/** About `bytes` of markdown: paragraphs of words. */
function markdownOf(bytes: number): string {
  const paragraph = `${'lorem ipsum dolor sit amet '.repeat(20).trim()}.\n\n`;
  return paragraph.repeat(Math.ceil(bytes / paragraph.length)).slice(0, bytes);
}

export default defineCheck({
  id: 'documents.too-large',
  name:
    'A 1 MB markdown document is written and read back whole; content over the 4 MiB document limit is answered 413 with {name, message, data} ' +
    '(document.error/too-large), by PUT and by create-or-update-documents',
  level: 'SHOULD',
  cost: 'slow',
  area: 'documents',
  requirements: ['DOC-025'],
  target: 'server',
  async run(ctx) {
    const secret = newSecret();
    const megabyte = markdownOf(1_000_000).trimEnd();
    await putDocument(ctx, secret, megabyte, undefined, LARGE_TIMEOUT_MS);
    const back = await getDocument(ctx, secret, 'plain-text', LARGE_TIMEOUT_MS);
    // Paragraphs of plain words: the plain text is the markdown itself.
    const expected = megabyte;
    if (back !== expected) fail(`a 1 MB markdown document reads back as plain-text of ${typeof back === 'string' ? back.length : 0} characters, expected ${expected.length}`, ctx.http.lastExchange?.response);

    const over = 'x'.repeat(DOCUMENT_LIMIT_BYTES + 1);
    for (const [what, res] of [
      ['PUT of 4 MiB + 1 byte of markdown', await putDocumentRaw(ctx, secret, over, undefined, LARGE_TIMEOUT_MS)],
      ['create-or-update-documents with 4 MiB + 1 byte of markdown', await documentCommandRaw(ctx, { command: 'create-or-update-documents', args: [{ secret, content: over }] })],
    ] as const) {
      expectStatus(res, 413, what);
      const error = expectPlainError(res, what);
      if (error.name !== 'document.error/too-large') fail(`${what}: expected the error name document.error/too-large, got ${JSON.stringify(error.name)}`, res);
    }
    const after = await getDocument(ctx, secret, 'plain-text', LARGE_TIMEOUT_MS);
    if (after !== expected) fail('after the refused writes the 1 MB document changed', ctx.http.lastExchange?.response);
  },
});
