import { expectErrorName, expectPlainError, expectStatus, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { canonicalJson } from '../../model/values.js';
import { doc, p } from './build.js';
import { getDocument, newSecret, putDocument, putDocumentRaw } from './client.js';

/** Markers one run of lines may hold (spec/service.openapi.yaml, tag documents). */
const MAX_MARKERS = 10_000;
/** `n` emphasis markers in one line of text (`x*x*...`): seconds of parsing when read. */
const markers = (n: number) => 'x*'.repeat(n);
/** `n` escaped markers (`\*\*...`): each `*` counts (the spec counts the characters, escaped ones too). */
const escaped = (n: number) => '\\*'.repeat(n);
/**
 * `n` markers in a code span after a word (`x \`**...\``): each `*` counts (code spans too), and a
 * parser reads a code span in linear time, so the edges below stay fast in every profile.
 */
const spanned = (n: number) => `x \`${'*'.repeat(n)}\``;
const OVER = spanned(MAX_MARKERS + 1);
const [FIRST, SECOND] = [spanned(5_001), spanned(5_000)];
/** The whole document may cost what one full run costs: the sum of squared marker counts of its runs. */
const MAX_COST = MAX_MARKERS * MAX_MARKERS;
/** Two runs of 7,072 markers cost 100,026,368, over MAX_COST; two of 7,000 cost 98,000,000. */
const [HEAVY, HEAVY_BUT_READ] = [spanned(7_072), spanned(7_000)];

const BEFORE = doc(p('as it was'));

/** Markdown that must be refused: more than MAX_MARKERS markers in one run of lines. */
const REFUSED: Array<{ what: string; markdown: string }> = [
  { what: `${MAX_MARKERS + 1} escaped markers in one line`, markdown: escaped(MAX_MARKERS + 1) },
  { what: `${MAX_MARKERS + 1} markers in a code span`, markdown: OVER },
  { what: `${MAX_MARKERS + 1} markers after a blank first line`, markdown: `\n${OVER}` },
  { what: `${MAX_MARKERS + 1} markers in a paragraph after another paragraph`, markdown: `intro\n\n${OVER}` },
  { what: `${MAX_MARKERS + 1} markers over two lines of one paragraph`, markdown: `${FIRST}\n${SECOND}` },
  // Only a line that starts (after up to 3 spaces) with a fence opens one; a code span, or ``` inside a line, does not.
  { what: `${MAX_MARKERS + 1} markers after \`\`\` inside a line`, markdown: `x \`\`\`y\n${OVER}` },
  { what: `${MAX_MARKERS + 1} markers after a code span at the start of the line`, markdown: `\`a\` ${OVER}` },
  { what: `${MAX_MARKERS + 1} markers after strikethrough with one ~ at the start of the line`, markdown: `~a~ ${OVER}` },
  // A block start only counts at the start of a line.
  { what: `${MAX_MARKERS + 1} markers over two lines, the second holding " - " and "|" inside it`, markdown: `${FIRST}\na - b | ${SECOND}` },
  // A fence closed by a line of as many backticks ends there: what follows counts.
  { what: `${MAX_MARKERS + 1} markers after a closed code fence`, markdown: `\`\`\`\ncode\n\`\`\`\n${OVER}` },
  // Runs do not add up, but their cost does: the squares of their marker counts sum to more than MAX_COST.
  { what: `two paragraphs of 7072 markers (squares summing to more than ${MAX_COST})`, markdown: `${HEAVY}\n\n${HEAVY}` },
  { what: `two list items of 7072 markers (squares summing to more than ${MAX_COST})`, markdown: `- ${HEAVY}\n- ${HEAVY}` },
  { what: `three paragraphs of 5774 markers (squares summing to more than ${MAX_COST})`, markdown: [1, 2, 3].map(() => spanned(5_774)).join('\n\n') },
];

/** Markdown that must be read although it holds more than MAX_MARKERS markers in all; the slow ones (seconds of parsing) only in the full profile. */
const ACCEPTED: Array<{ what: string; markdown: string; slow: boolean }> = [
  { what: `${MAX_MARKERS + 1} markers in fenced code`, markdown: `\`\`\`\n${markers(MAX_MARKERS + 1)}\n\`\`\`\n`, slow: false },
  // A shorter closing fence, or one of the other character, does not close a fence.
  { what: `${MAX_MARKERS + 1} markers in tilde-fenced code after a shorter fence line`, markdown: `~~~~\ncode\n~~~\n${markers(MAX_MARKERS + 1)}\n~~~~\n`, slow: false },
  { what: `${MAX_MARKERS + 1} markers in backtick-fenced code after a tilde fence line`, markdown: `\`\`\`\n~~~\n${markers(MAX_MARKERS + 1)}\n\`\`\`\n`, slow: false },
  { what: `${MAX_MARKERS} markers in a code span`, markdown: spanned(MAX_MARKERS), slow: false },
  { what: '20000 letters and no marker in one paragraph', markdown: 'a'.repeat(20_000), slow: false },
  { what: `${MAX_MARKERS + 1} markers over two paragraphs`, markdown: `${FIRST}\n\n${SECOND}`, slow: false },
  { what: `${MAX_MARKERS + 1} markers over two paragraphs split by a line of spaces`, markdown: `${FIRST}\n   \n${SECOND}`, slow: false },
  { what: `${MAX_MARKERS + 1} markers split by an ATX heading`, markdown: `${FIRST}\n# ${SECOND}`, slow: false },
  { what: `${MAX_MARKERS + 1} markers split by a level 2 heading indented by 3 spaces`, markdown: `${FIRST}\n   ## ${SECOND}`, slow: false },
  { what: `${MAX_MARKERS + 1} markers split by an empty heading`, markdown: `${FIRST}\n#\n${SECOND}`, slow: false },
  { what: `${MAX_MARKERS + 1} markers split by a - list item`, markdown: `${FIRST}\n- ${SECOND}`, slow: false },
  { what: `${MAX_MARKERS + 1} markers split by a 1. list item`, markdown: `${FIRST}\n1. ${SECOND}`, slow: false },
  { what: `${MAX_MARKERS + 1} markers split by a 1) list item`, markdown: `${FIRST}\n1) ${SECOND}`, slow: false },
  { what: `${MAX_MARKERS + 1} markers in list items 1. and 10.`, markdown: `1. ${FIRST}\n10. ${SECOND}`, slow: false },
  { what: `${MAX_MARKERS + 1} markers in two table rows`, markdown: `| a |\n| - |\n| ${FIRST} |\n| ${SECOND} |`, slow: false },
  { what: `two paragraphs of 7000 markers (squares summing to less than ${MAX_COST})`, markdown: `${HEAVY_BUT_READ}\n\n${HEAVY_BUT_READ}`, slow: false },
  { what: `three paragraphs of 5773 markers (squares summing to less than ${MAX_COST})`, markdown: [1, 2, 3].map(() => spanned(5_773)).join('\n\n'), slow: false },
  { what: `${MAX_MARKERS} markers in one paragraph`, markdown: markers(MAX_MARKERS), slow: true },
  { what: `${MAX_MARKERS + 1} markers over two paragraphs`, markdown: `${markers(5_001)}\n\n${markers(5_000)}`, slow: true },
  { what: `${MAX_MARKERS + 1} markers split by a heading`, markdown: `${markers(5_001)}\n# ${markers(5_000)}`, slow: true },
  { what: `${MAX_MARKERS + 1} markers split by a list item`, markdown: `${markers(5_001)}\n- ${markers(5_000)}`, slow: true },
];

export default defineCheck({
  id: 'documents.marker-limit',
  name:
    `Markdown with more than ${MAX_MARKERS} emphasis or link markers (escaped ones too) in one run of lines is refused with 400 document.error/content-invalid and the document stays as it was; ` +
    `exactly ${MAX_MARKERS} are read, markers in fenced code do not count, and runs end at blank lines, block starts (headings, list items, table rows) and code fences, nowhere else; ` +
    `runs do not add up, but a document whose runs' squared marker counts sum to more than ${MAX_COST} is refused too`,
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
    for (const refused of REFUSED) {
      const answer = await putDocumentRaw(ctx, secret, refused.markdown, 'md', 60_000);
      const about = `markdown with ${refused.what}`;
      expectStatus(answer, 400, about);
      expectErrorName(answer, expectPlainError(answer, about).name, 'document.error/content-invalid', about);
    }
    for (const accepted of ACCEPTED.filter((a) => ctx.profile === 'full' || !a.slow)) {
      const written = await putDocumentRaw(ctx, newSecret(), accepted.markdown, 'md', 60_000);
      if (written.status !== 200) fail(`${accepted.what} should be read (answered ${written.status})`, written);
    }
  },
});
