import { expectErrorName, expectPlainError, expectStatus, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { canonicalJson } from '../../model/values.js';
import { doc, p } from './build.js';
import { getDocument, newSecret, putDocument, putDocumentRaw } from './client.js';

/** Markers one run of lines may hold (spec/service.openapi.yaml, tag documents). */
const MAX_MARKERS = 10_000;
/** `n` emphasis markers in one line of text (`x*x*...`). */
const markers = (n: number) => 'x*'.repeat(n);

const BEFORE = doc(p('as it was'));

/** Markdown that must be read although it holds more than MAX_MARKERS markers in all; the slow ones (seconds of parsing) only in the full profile. */
const ACCEPTED: Array<{ what: string; markdown: string; slow: boolean }> = [
  { what: `${MAX_MARKERS + 1} markers in fenced code`, markdown: `\`\`\`\n${markers(MAX_MARKERS + 1)}\n\`\`\`\n`, slow: false },
  // A shorter closing fence, or one of the other character, does not close a fence.
  { what: `${MAX_MARKERS + 1} markers in tilde-fenced code after a shorter fence line`, markdown: `~~~~\ncode\n~~~\n${markers(MAX_MARKERS + 1)}\n~~~~\n`, slow: false },
  { what: `${MAX_MARKERS + 1} markers in backtick-fenced code after a tilde fence line`, markdown: `\`\`\`\n~~~\n${markers(MAX_MARKERS + 1)}\n\`\`\`\n`, slow: false },
  { what: `${MAX_MARKERS} markers in one paragraph`, markdown: markers(MAX_MARKERS), slow: true },
  { what: `${MAX_MARKERS + 1} markers over two paragraphs`, markdown: `${markers(5_001)}\n\n${markers(5_000)}`, slow: true },
  { what: `${MAX_MARKERS + 1} markers split by a heading`, markdown: `${markers(5_001)}\n# ${markers(5_000)}`, slow: true },
  { what: `${MAX_MARKERS + 1} markers split by a list item`, markdown: `${markers(5_001)}\n- ${markers(5_000)}`, slow: true },
];

export default defineCheck({
  id: 'documents.marker-limit',
  name:
    `Markdown with more than ${MAX_MARKERS} emphasis or link markers in one paragraph is refused with 400 document.error/content-invalid and the document stays as it was; ` +
    'markers in fenced code do not count (and, in the full profile: exactly the limit is read, and markers spread over paragraphs do not add up)',
  level: 'SHOULD',
  area: 'documents',
  requirements: ['DOC-038'],
  target: 'server',
  async run(ctx) {
    const secret = newSecret();
    await putDocument(ctx, secret, BEFORE, 'json');
    const what = `markdown with ${MAX_MARKERS + 1} markers in one paragraph`;
    const res = await putDocumentRaw(ctx, secret, markers(MAX_MARKERS + 1), 'md');
    expectStatus(res, 400, what);
    expectErrorName(res, expectPlainError(res, what).name, 'document.error/content-invalid', what);
    const after = await getDocument(ctx, secret, 'json');
    if (canonicalJson(after) !== canonicalJson(BEFORE)) fail(`after the refused ${what} the document reads ${JSON.stringify(after).slice(0, 200)}, expected it unchanged`, ctx.http.lastExchange?.response);
    for (const accepted of ACCEPTED.filter((a) => ctx.profile === 'full' || !a.slow)) {
      const written = await putDocumentRaw(ctx, newSecret(), accepted.markdown, 'md', 60_000);
      if (written.status !== 200) fail(`${accepted.what} should be read (answered ${written.status})`, written);
    }
  },
});
