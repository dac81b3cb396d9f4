import { expectErrorName, expectPlainError, expectStatus, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { getDocument, newSecret, putDocument, putDocumentRaw } from './client.js';

/** The size limit of the spec for markdown content: 4 MiB of UTF-8 (spec/service.openapi.yaml, tag documents). */
const MD_LIMIT_BYTES = 4 * 1024 * 1024;
/** Four megabytes take a moment to send and read: more time than a request's default. */
const TIMEOUT_MS = 60_000;

/** Markdown of exactly `bytes` UTF-8 bytes: one fenced code block of plain letters (cheap to read, its text kept whole). */
function codeBlockOf(bytes: number): { markdown: string; code: string } {
  const fence = '```\n';
  const close = '\n```';
  const code = 'x'.repeat(bytes - fence.length - close.length);
  return { markdown: `${fence}${code}${close}`, code };
}

export default defineCheck({
  id: 'documents.limits-edges',
  name:
    'Markdown of exactly 4 MiB (a code block) is written and reads back whole; one byte more is refused 413 document.error/too-large with ' +
    'data.limit 4194304, data.format md, data.field content and data.secret the secret, and the document stays as it was',
  level: 'SHOULD',
  area: 'documents',
  requirements: ['DOC-025', 'DOC-039'],
  target: 'server',
  async run(ctx) {
    const secret = newSecret();
    const at = codeBlockOf(MD_LIMIT_BYTES);
    if (Buffer.byteLength(at.markdown, 'utf8') !== MD_LIMIT_BYTES) throw new Error('codeBlockOf: wrong size');
    await putDocument(ctx, secret, at.markdown, 'md', TIMEOUT_MS);
    const back = await getDocument(ctx, secret, 'plain-text', TIMEOUT_MS);
    if (back !== at.code) {
      fail(`markdown of exactly ${MD_LIMIT_BYTES} bytes (one code block) reads back as plain-text of ${typeof back === 'string' ? back.length : 0} characters, expected its ${at.code.length} characters of code`, ctx.http.lastExchange?.response);
    }

    const over = codeBlockOf(MD_LIMIT_BYTES + 1);
    const what = `PUT of ${MD_LIMIT_BYTES + 1} bytes of markdown (the limit and one byte)`;
    const res = await putDocumentRaw(ctx, secret, over.markdown, 'md', TIMEOUT_MS);
    expectStatus(res, 413, what);
    const error = expectPlainError(res, what);
    expectErrorName(res, error.name, 'document.error/too-large', what);
    const data = error.data ?? {};
    const expected: Record<string, unknown> = { limit: MD_LIMIT_BYTES, format: 'md', field: 'content', secret };
    for (const [key, value] of Object.entries(expected)) {
      const got = data[key];
      const same = typeof got === 'string' && typeof value === 'string' ? got.toLowerCase() === value.toLowerCase() : got === value;
      if (!same) fail(`${what}: expected data.${key} ${JSON.stringify(value)}, got ${JSON.stringify(got)} (data ${JSON.stringify(data)})`, res);
    }
    // Compared by length first: a changed document would be read whole otherwise.
    const after = await getDocument(ctx, secret, 'plain-text', TIMEOUT_MS);
    if (after !== at.code) fail(`after the refused ${what} the document reads ${typeof after === 'string' ? after.length : 0} characters of plain-text, expected it unchanged`, ctx.http.lastExchange?.response);
  },
});
