import { isDeepStrictEqual } from 'node:util';
import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { lastResponse, withIntegration } from './integration.js';
import { oneTypeScenario } from './scenarios.js';
import { describeValue, emailOf, keyOf, LIMITS, urlOf } from './values-refused.js';

/** Values just within each limit and bound (MAP-071, MAP-072); one more character or unit is refused (sync.values-invalid). */
const LONG = { text: 'x'.repeat(LIMITS.text), url: urlOf(LIMITS.url), email: emailOf(LIMITS.email), key: keyOf(LIMITS.key) };

const SCENARIO = oneTypeScenario(
  'Numbers, texts, dates and ranges in the notations the rules accept.',
  {
    score: { name: 'Score', type: 'number' },
    count: { name: 'Count', type: 'number', subType: 'integer' },
    remark: { name: 'Remark', type: 'text' },
    homepage: { name: 'Homepage', type: 'text', subType: 'url' },
    contact: { name: 'Contact', type: 'text', subType: 'email' },
    due: { name: 'Due', type: 'date' },
    day: { name: 'Day', type: 'date', subType: 'day' },
    period: { name: 'Period', type: 'text', subType: 'date-range' },
    window: { name: 'Window', type: 'text', subType: 'date-time-range' },
  },
  [
    {
      id: 's1',
      name: 'JSON values',
      score: 12.5,
      count: 3,
      remark: 'plain text',
      homepage: 'https://example.org/s1',
      contact: 's1@example.org',
      due: '2026-03-04T05:06:07.089Z',
      day: '2026-03-04',
      period: JSON.stringify({ start: '2026-01-01', end: '2026-01-31' }),
      window: JSON.stringify({ start: '2026-01-01T08:00:00.000Z', end: '2026-01-01T17:30:00.000Z' }),
    },
    {
      id: 's2',
      name: 'Other notations',
      score: '7.25',
      count: '42',
      due: '2026-03-04T07:06:07.089+02:00',
      day: '2026-05-06T22:00:00.000Z',
      period: { start: '2026-02-01', end: '2026-02-28' },
      window: { start: '2026-02-01T00:00:00.000Z', end: '2026-02-02T12:00:00.500Z' },
    },
    { id: 's3', name: 'Empty values', score: null, count: null, remark: '', homepage: '', contact: null, due: null, day: '', period: null, window: '' },
    // The edges of each notation: signs, exponents and blanks around numbers; text kept as it is, URLs and e-mails trimmed;
    // offsets of every form that move the time across a day, month or year; fractions of a second; leap days; ranges of either form with offsets or dates.
    {
      id: 's4',
      name: 'Signs and offsets',
      score: ' -0.5 ',
      count: '+7',
      remark: ' padded text ',
      homepage: '  https://example.org/s4  ',
      contact: ' s4@example.org ',
      due: '2026-03-01T01:00:00+02:00',
      day: '2024-02-29',
      period: '  {"start": "2024-02-28", "end": "2024-02-29"}  ',
      window: { start: '2026-01-01T10:00:00+02:00', end: '2026-01-01T10:00:00-05:30' },
    },
    {
      id: 's5',
      name: 'Exponents and dates alone',
      score: '1e3',
      count: '0',
      remark: 42,
      due: '2026-01-01T00:00:00.5Z',
      day: ' 2026-12-31 ',
      period: { start: '2026-01-01T23:30:00Z', end: '2026-01-02T00:10:00-05:00' },
      window: JSON.stringify({ start: '2026-06-01', end: '2026-06-01T12:00Z' }),
    },
    {
      id: 's6',
      name: 'Other separators',
      score: '.25',
      count: -3,
      remark: true,
      due: '2026-07-04 12:30:45,123456-0700',
      day: '2026-05-06T23:30:00-05:00',
      period: { start: null, end: null },
      window: '{"start": "", "end": ""}',
    },
    { id: 's7', name: 'Zeros and blanks', score: 0, count: 0, remark: '   ', contact: '  ', due: '2000-02-29T23:59:59.999z', day: '2000-02-29' },
    { id: 's8', name: 'Short forms', score: '5.', count: '1e2', due: '2026-01-01T00:30+05', day: '2026-01-01T00:00:00Z' },
    { id: 's9', name: 'No offset', score: -12, due: '2026-06-01T10:20:30', day: '1999-12-31' },
    { id: 's10', name: 'A date alone', due: '2026-06-01' },
    // Just within the limits and bounds: the longest text, URL, e-mail address and row key, the largest safe integer, exponents with a sign or several digits,
    // hour 23, minute and second 59, an offset of 23:59 either way, the first and the last instant of the years 0000 to 9999 in UTC, January 31 and December 1, a leap year's February 29.
    {
      id: LONG.key,
      name: 'At the limits',
      remark: LONG.text,
      homepage: `  ${LONG.url}  `,
      contact: ` ${LONG.email} `,
      count: '9007199254740991',
      score: '2.5e+2',
      due: '2026-12-01T23:59:59+23:59',
      day: '2026-05-06T23:59:59Z',
    },
    { id: 's12', name: 'Year 0000', count: -9007199254740991, score: '-1e10', due: '0000-01-01T00:00:00Z', day: '0000-01-01' },
    { id: 's13', name: 'Year 9999', count: '1e10', score: '1.5E-3', due: '9999-12-31T23:59:59.999Z', day: '9999-12-31' },
    // Row keys: a number is its text, blanks around a text are dropped.
    { id: 15, name: 'A number as its key', score: 15 },
    { id: '  s16  ', name: 'A key with blanks around it', score: 16 },
    { id: 's14', name: 'Padded, lower case and far west', due: ' 2024-01-31t00:00:00-23:59 ', day: '2024-01-31', period: '\u00a0{"start": "2024-01-01", "end": "2024-12-01"}\u2003' },
  ],
);

/** Field name to the value each row converts to (spec/integrations.md, "Values"). */
const EXPECTED: Record<string, Record<string, unknown>> = {
  s1: {
    Score: 12.5,
    Count: 3,
    Remark: 'plain text',
    Homepage: 'https://example.org/s1',
    Contact: 's1@example.org',
    Due: '2026-03-04T05:06:07.089Z',
    Day: '2026-03-04',
    Period: { start: '2026-01-01', end: '2026-01-31' },
    Window: { start: '2026-01-01T08:00:00.000Z', end: '2026-01-01T17:30:00.000Z' },
  },
  s2: {
    Score: 7.25,
    Count: 42,
    Due: '2026-03-04T05:06:07.089Z',
    Day: '2026-05-06',
    Period: { start: '2026-02-01', end: '2026-02-28' },
    Window: { start: '2026-02-01T00:00:00.000Z', end: '2026-02-02T12:00:00.500Z' },
  },
  s3: { Score: null, Count: null, Remark: null, Homepage: null, Contact: null, Due: null, Day: null, Period: null, Window: null },
  s4: {
    Score: -0.5,
    Count: 7,
    Remark: ' padded text ',
    Homepage: 'https://example.org/s4',
    Contact: 's4@example.org',
    Due: '2026-02-28T23:00:00.000Z',
    Day: '2024-02-29',
    Period: { start: '2024-02-28', end: '2024-02-29' },
    Window: { start: '2026-01-01T08:00:00.000Z', end: '2026-01-01T15:30:00.000Z' },
  },
  s5: {
    Score: 1000,
    Count: 0,
    Remark: '42',
    Homepage: null,
    Contact: null,
    Due: '2026-01-01T00:00:00.500Z',
    Day: '2026-12-31',
    Period: { start: '2026-01-01', end: '2026-01-02' },
    Window: { start: '2026-06-01T00:00:00.000Z', end: '2026-06-01T12:00:00.000Z' },
  },
  s6: { Score: 0.25, Count: -3, Remark: 'true', Due: '2026-07-04T19:30:45.123Z', Day: '2026-05-06', Period: null, Window: null },
  s7: { Score: 0, Count: 0, Remark: null, Contact: null, Due: '2000-02-29T23:59:59.999Z', Day: '2000-02-29', Period: null },
  s8: { Score: 5, Count: 100, Due: '2025-12-31T19:30:00.000Z', Day: '2026-01-01' },
  s9: { Score: -12, Count: null, Due: '2026-06-01T10:20:30.000Z', Day: '1999-12-31' },
  s10: { Due: '2026-06-01T00:00:00.000Z', Day: null, Window: null },
  [LONG.key]: {
    Remark: LONG.text,
    Homepage: LONG.url,
    Contact: LONG.email,
    Count: 9007199254740991,
    Score: 250,
    Due: '2026-12-01T00:00:59.000Z',
    Day: '2026-05-06',
  },
  s12: { Count: -9007199254740991, Score: -10000000000, Due: '0000-01-01T00:00:00.000Z', Day: '0000-01-01' },
  s13: { Count: 10000000000, Score: 0.0015, Due: '9999-12-31T23:59:59.999Z', Day: '9999-12-31' },
  '15': { Score: 15, Id: '15' },
  s16: { Score: 16, Id: 's16' },
  s14: { Due: '2024-01-31T23:59:00.000Z', Day: '2024-01-31', Period: { start: '2024-01-01', end: '2024-12-01' } },
};

const RULE: Record<string, string> = {
  Id: 'the row key (a number as its text, blanks around a text dropped)',
  Score: 'MAP-001 a number (JSON or numeric text) in svc/decimal',
  Count: 'MAP-006 an integer (JSON or numeric text) in svc/integer',
  Due: 'MAP-031 a timestamp in svc/date-time, turned to UTC with milliseconds',
  Day: 'MAP-032 a date YYYY-MM-DD in svc/date (the date part of a timestamp)',
  Period: 'MAP-014 a date range {start, end} (stringified or plain)',
  Window: 'MAP-015 a date-time range {start, end} (stringified or plain)',
};

export default defineCheck({
  id: 'sync.values-scalars',
  name:
    'Number, integer, text, url, email, date, day and range values convert by the rules: numeric text is a number, a timestamp with an offset is stored in UTC with milliseconds, a day is YYYY-MM-DD, ' +
    'ranges are {start, end} objects from stringified or plain objects, and null or an empty string clears the value (also when a later sync delivers it); at the edges of each notation: ' +
    'signs, exponents and blanks around numbers, text kept as it is (a JSON number or boolean as its text), URLs and e-mails trimmed, offsets Z, +HH, +HHMM, +HH:MM moving the time across a day, ' +
    'month or year, none (UTC), fractions of a second cut to milliseconds, a date alone at midnight UTC, leap days, the date part of a timestamp as written; and just within each limit and bound: ' +
    'the longest text (1,000,000 characters), URL (8,192), e-mail address (1,000) and row key (1,000), integers of ±(2^53 - 1), exponents with a sign or several digits, hour 23, ' +
    'minute and second 59, offsets of ±23:59, the first and last instants of the years 0000 to 9999 in UTC, January 31 of a leap year, a range\'s JSON text with blanks (a no-break space too) ' +
    'around it, a number as the row key (its text) and a key with blanks around it',
  level: 'MUST',
  area: 'mapping',
  requirements: ['MAP-001', 'MAP-006', 'MAP-007', 'MAP-009', 'MAP-010', 'MAP-014', 'MAP-015', 'MAP-031', 'MAP-032', 'MAP-071', 'MAP-072'],
  target: 'server',
  async run(ctx) {
    await withIntegration(ctx, SCENARIO, {}, async (it) => {
      const compare = async (expected: Record<string, Record<string, unknown>>, when: string) => {
        const entities = await it.byKey('thing');
        for (const [key, fields] of Object.entries(expected)) {
          const entity = entities.get(key);
          if (!entity) fail(`${when}: the row ${describeValue(key)} is not in ${it.database('thing')}`, lastResponse(ctx));
          for (const [name, want] of Object.entries(fields)) {
            const got = entity[it.field(name)] ?? null;
            if (!isDeepStrictEqual(got, want)) {
              const row = it.app.rows('thing').find((r) => r['id'] === key) ?? {};
              fail(`${when}: ${RULE[name] ?? name}: row ${describeValue(key)} has ${name.toLowerCase()} ${describeValue(row[name.toLowerCase()])}, its Entity holds ${describeValue(got)}, expected ${describeValue(want)}`, lastResponse(ctx));
            }
          }
        }
      };
      await compare(EXPECTED, 'after the first sync');
      it.app.change({ thing: { update: [{ id: 's1', score: null, remark: '', due: null, period: null, homepage: null }] } });
      await it.sync('a sync after clearing values of row s1');
      await compare({ s1: { Score: null, Remark: null, Due: null, Period: null, Homepage: null, Count: 3, Contact: 's1@example.org' } }, 'after a sync that delivered null and empty values');
    });
  },
});
