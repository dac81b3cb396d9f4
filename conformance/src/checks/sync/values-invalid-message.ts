import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { lastResponse, withIntegration } from './integration.js';
import {
  describeValue,
  emailOf,
  frontHolder,
  keyless,
  keyOf,
  LIMITS,
  locationJsonOf,
  namesOf,
  REFUSED_KEY,
  REFUSED_TYPE,
  refusedScenario,
  runRefused,
  urlOf,
  urlsOf,
  type RefusedCase,
  type RefusingField,
} from './values-refused.js';

/** Words of which a message names at least one when it says what the field takes (SYNC-013). */
const TAKES: Record<RefusingField, RegExp> = {
  flag: /bool|\btrue\b|\bfalse\b/i,
  score: /number|numeric|decimal/i,
  count: /integer|whole number/i,
  homepage: /\bURL\b|\bURI\b|link/i,
  contact: /e-?mail/i,
  due: /ISO ?8601|timestamp|date|time/i,
  day: /date|day|YYYY/i,
  period: /range|start|end\b/i,
  window: /range|start|end\b/i,
  place: /location|latitude|longitude|coordinate/i,
  remark: /text|string|characters/i,
  tags: /name|option/i,
  priority: /name|option/i,
  cover: /\bURL\b|file|http/i,
  attachments: /\bURL\b|file|http/i,
  ref: /key/i,
  refs: /key/i,
  id: /key/i,
};

/** A value of exactly 80 characters as JSON (quoted in full), for a boolean field. */
const EIGHTY = { x: 'e'.repeat(80 - '{"x":""}'.length) };

/**
 * The cases every profile draws: a value of each kind beyond its length limit (quoted as an
 * excerpt), a value of exactly 80 characters as JSON (quoted in full), and values of another JSON
 * type than the field reads.
 */
const EDGES: readonly RefusedCase[] = [
  { field: 'remark', value: 'x'.repeat(LIMITS.text + 1), why: `a text of ${LIMITS.text + 1} characters`, rule: 'MAP-071' },
  { field: 'homepage', value: urlOf(LIMITS.url + 1), why: `a URL of ${LIMITS.url + 1} characters`, rule: 'MAP-071' },
  { field: 'contact', value: emailOf(LIMITS.email + 1), why: `an e-mail address of ${LIMITS.email + 1} characters`, rule: 'MAP-071' },
  { field: 'id', value: keyOf(LIMITS.key + 1), why: `a row key of ${LIMITS.key + 1} characters`, rule: 'MAP-071' },
  { field: 'place', value: locationJsonOf(LIMITS.locationJson + 1), why: `a location JSON text of ${LIMITS.locationJson + 1} characters`, rule: 'MAP-071' },
  { field: 'cover', value: urlOf(LIMITS.fileUrl + 1), why: `a file URL of ${LIMITS.fileUrl + 1} characters`, rule: 'MAP-071' },
  { field: 'tags', value: namesOf(LIMITS.names + 1), why: `${LIMITS.names + 1} names`, rule: 'MAP-071' },
  { field: 'attachments', value: urlsOf(LIMITS.files + 1, 'https://example.org/a.txt'), why: `${LIMITS.files + 1} file URLs`, rule: 'MAP-071' },
  { field: 'flag', value: EIGHTY, why: 'an object (80 characters as JSON) in a boolean field', rule: 'MAP-012' },
  { field: 'score', value: true, why: 'a boolean in a number field', rule: 'MAP-001' },
  { field: 'count', value: '9007199254740992', why: 'an integer beyond 2^53 - 1', rule: 'MAP-072' },
  { field: 'due', value: 20260506, why: 'a number in a date field', rule: 'MAP-031' },
  { field: 'day', value: 20260507, why: 'a number in a day field', rule: 'MAP-032' },
  { field: 'period', value: 'not json', why: 'a text that is no object', rule: 'MAP-014' },
  { field: 'window', value: { start: 'soon', end: 'later' }, why: 'ends that are no timestamps', rule: 'MAP-015' },
  { field: 'homepage', value: 4242, why: 'a number in a URL field', rule: 'MAP-009' },
  { field: 'contact', value: 4343, why: 'a number in an e-mail field', rule: 'MAP-010' },
  { field: 'remark', value: { text: 'an object' }, why: 'an object in a text field', rule: 'MAP-007' },
  { field: 'id', value: undefined, why: 'a row without its key', rule: 'MAP-071' },
  { field: 'cover', value: 4444, why: 'a number in a file field', rule: 'MAP-033' },
  { field: 'place', value: [40, -74], why: 'an array in a location field', rule: 'MAP-039' },
  { field: 'place', value: 'nowhere', why: 'a word in a location field', rule: 'MAP-039' },
  { field: 'place', value: { latitude: true, longitude: 1 }, why: 'a boolean latitude', rule: 'MAP-041' },
  { field: 'place', value: { latitude: 'north', longitude: 1 }, why: 'a word as the latitude', rule: 'MAP-041' },
  { field: 'tags', value: { a: 1 }, why: 'an object in a multi select field', rule: 'MAP-029' },
  { field: 'priority', value: { name: 'High' }, why: 'an object in a single select field', rule: 'MAP-020' },
  { field: 'ref', value: true, why: 'a boolean as the key of a many-to-one relation', rule: 'MAP-048' },
  { field: 'refs', value: [true], why: 'a boolean among the keys of a many-to-many relation', rule: 'MAP-048' },
  { field: 'refs', value: '["x"', why: 'keys as a JSON array that does not parse', rule: 'MAP-048' },
];

/** Further cases of the full profile: each kind of value once more. */
const MORE: readonly RefusedCase[] = [
  { field: 'attachments', value: '["https://example.org/a.txt"', why: 'URLs as a JSON array that does not parse', rule: 'MAP-073' },
  { field: 'ref', value: { id: 'x' }, why: 'an object as a relation key', rule: 'MAP-048' },
  { field: 'refs', value: [['x']], why: 'an array as a key', rule: 'MAP-048' },
  { field: 'id', value: { id: 'x' }, why: 'an object as the row key', rule: 'MAP-071' },
];

/** Words a message shows when a program's value leaked into it rather than the value given. */
const LEAKS = ['undefined', '[object Object]', 'NaN'];

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** What is wrong with the message of the error of case `c` (SYNC-013), or undefined. */
function problem(message: string, c: RefusedCase): string | undefined {
  // An absent value has no JSON text to quote.
  const json = c.value === undefined ? '' : JSON.stringify(c.value);
  if (!message.includes(REFUSED_TYPE)) return `it does not name the app type "${REFUSED_TYPE}"`;
  if (!keyless(c) && !message.includes(REFUSED_KEY)) return `it does not name the row key "${REFUSED_KEY}"`;
  if (!new RegExp(`\\b${escape(c.field)}\\b`, 'i').test(message)) return `it does not name the field "${c.field}"`;
  let rest = message;
  if (json !== '' && json.length <= 80) {
    if (!message.includes(json)) return `it does not quote the value as JSON (${json})`;
    if (message.includes(`${json}...`)) return `it quotes the value ${json} (${json.length} characters as JSON) as an excerpt ("..."); a value of at most 80 characters is quoted in full`;
    rest = rest.split(json).join(' ');
  } else if (json !== '') {
    const start = json.slice(0, 20);
    if (!message.includes(start)) return `it does not quote the beginning of the value as JSON (${start}...)`;
    if (message.includes(json.slice(0, 81))) return `it quotes more than 80 characters of the value (${json.length} characters as JSON); a longer value is quoted as an excerpt of at most 80 characters`;
    if (!message.includes('...')) return 'it quotes an excerpt of the value without "..."';
    let cut = 20;
    while (cut < 81 && message.includes(json.slice(0, cut + 1))) cut += 1;
    rest = rest.split(json.slice(0, cut)).join(' ');
  }
  const leak = LEAKS.find((word) => message.includes(word) && !json.includes(word));
  if (leak !== undefined) return `it shows "${leak}", which is not in the value given`;
  rest = rest.split(REFUSED_KEY).join(' ').split(REFUSED_TYPE).join(' ').replace(new RegExp(`\\b${escape(c.field)}\\b`, 'gi'), ' ');
  if (!TAKES[c.field].test(rest)) return `it does not say what the field takes (none of ${TAKES[c.field].source})`;
  return undefined;
}

export default defineCheck({
  id: 'sync.values-invalid-message',
  name:
    'The message of the row-invalid error of a value outside its rules names the app type, the row key and the field, quotes the value as JSON (in full up to 80 characters, ' +
    'else an excerpt of at most 80 characters and "...") and says what the field takes, showing nothing the value does not hold (undefined, [object Object]); ' +
    'drawn on values beyond each length limit, a value of exactly 80 characters as JSON and values of another JSON type than the field reads',
  level: 'SHOULD',
  area: 'mapping',
  requirements: ['SYNC-013', 'MAP-071'],
  target: 'server',
  async run(ctx) {
    const cases = ctx.profile === 'quick' ? EDGES : [...EDGES, ...MORE];
    const holder = frontHolder();
    await withIntegration(ctx, refusedScenario('Every value field, given values whose error messages are read.'), { sync: false, front: holder.front }, async (it) => {
      for (const c of cases) {
        const { run, res, error } = await runRefused(ctx, it, holder.get(), c);
        const given = `${c.field} given ${describeValue(c.value)} (${c.why})`;
        if (!error || error.name !== 'integration.error/row-invalid') {
          fail(`${c.rule}: ${given}: the run ${run.id} ended "${run.status}"${error ? ` with ${error.name}` : ''}; expected it to fail with integration.error/row-invalid, whose message is checked (SYNC-013)`, res);
        }
        const wrong = typeof error.message === 'string' ? problem(error.message, c) : 'it is no string';
        if (wrong !== undefined) {
          fail(`SYNC-013: ${given}: the row-invalid message ${JSON.stringify(error.message.slice(0, 400))}${error.message.length > 400 ? '...' : ''} falls short: ${wrong}`, lastResponse(ctx));
        }
      }
    });
  },
});
