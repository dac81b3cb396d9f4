import { isDeepStrictEqual } from 'node:util';
import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { runSync } from './admin.js';
import { expectClearError } from './failed-run.js';
import { lastResponse, withIntegration } from './integration.js';
import {
  coordinatesOf,
  describeValue,
  emailOf,
  expectedData,
  frontHolder,
  keyless,
  keyOf,
  landedName,
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
} from './values-refused.js';

/**
 * The cases every run draws, the quick profile too: each rule's value just beyond its edge (the
 * value just within it is in sync.values-scalars, sync.values-location, sync.values-files, ...).
 * The values at and beyond the length limits are drawn by sync.values-invalid-message in every
 * profile (their messages quote an excerpt) and here in the full profile.
 */
const EDGES: readonly RefusedCase[] = [
  // date: the calendar, the clock, the offset and the years 0000 to 9999 in UTC.
  { field: 'due', value: '2026-02-29T00:00:00Z', why: 'February 29 of a year that is not a leap year', rule: 'MAP-031' },
  { field: 'due', value: '1900-02-29T00:00:00Z', why: 'February 29 of a century that is not a leap year', rule: 'MAP-072' },
  { field: 'due', value: '2026-13-01T00:00:00Z', why: 'month 13', rule: 'MAP-072' },
  { field: 'due', value: '2026-01-00T00:00:00Z', why: 'day 0', rule: 'MAP-072' },
  { field: 'due', value: '2026-01-01T24:00:00Z', why: 'hour 24', rule: 'MAP-072' },
  { field: 'due', value: '2026-01-01T23:60:00Z', why: 'minute 60', rule: 'MAP-072' },
  { field: 'due', value: '2026-01-01T23:59:60Z', why: 'second 60', rule: 'MAP-072' },
  { field: 'due', value: '2026-01-01T10:00:00+24:00', why: 'an offset of 24 hours', rule: 'MAP-072' },
  { field: 'due', value: '2026-01-01T10:00:00+05:60', why: 'an offset of 60 minutes', rule: 'MAP-072' },
  { field: 'due', value: '0000-01-01T00:30:00+01:00', why: 'a time in the year -1 in UTC', rule: 'MAP-072' },
  { field: 'due', value: '9999-12-31T23:00:00-02:00', why: 'a time in the year 10000 in UTC', rule: 'MAP-072' },
  { field: 'due', value: 'x2026-01-01T00:00:00Z', why: 'text before the timestamp', rule: 'MAP-072' },
  { field: 'due', value: '2026-01-01T00:00:00Z x', why: 'text after the timestamp', rule: 'MAP-072' },
  // day: the calendar, and a timestamp whose time is no time.
  { field: 'day', value: '2026-04-31', why: 'April 31', rule: 'MAP-032' },
  { field: 'day', value: '2026-05-06T24:00:00Z', why: 'a timestamp with hour 24', rule: 'MAP-072' },
  // Ranges: one end only, no object, an end that is no timestamp.
  { field: 'period', value: '{"start": "2026-01-01"}', why: 'a range without its end', rule: 'MAP-014' },
  { field: 'period', value: { end: '2026-01-01' }, why: 'a range without its start', rule: 'MAP-014' },
  { field: 'period', value: '[1, 2]', why: 'an array', rule: 'MAP-014' },
  { field: 'window', value: { start: '2026-01-01T00:00:00Z', end: 'later' }, why: 'an end that is no timestamp', rule: 'MAP-015' },
  // Location: the bounds, 60 minutes or seconds, fractions before the last part, letters.
  { field: 'place', value: '90.5, 0', why: 'a latitude beyond 90', rule: 'MAP-039' },
  { field: 'place', value: '0, 180.5', why: 'a longitude beyond 180', rule: 'MAP-039' },
  { field: 'place', value: `40°60'0"N 74°0'0"W`, why: '60 minutes', rule: 'MAP-040' },
  { field: 'place', value: `40°30'60"N 74°W`, why: '60 seconds', rule: 'MAP-040' },
  { field: 'place', value: `40.5°30'N 74°W`, why: 'a fraction of degrees before minutes', rule: 'MAP-072' },
  { field: 'place', value: `40°30.5'10"N 74°W`, why: 'a fraction of minutes before seconds', rule: 'MAP-072' },
  { field: 'place', value: '10N 20S', why: 'two latitudes', rule: 'MAP-072' },
  { field: 'place', value: '-40N 74W', why: 'a sign and a hemisphere letter', rule: 'MAP-072' },
  { field: 'place', value: { latitude: '20E', longitude: '10E' }, why: 'a latitude with a longitude letter', rule: 'MAP-072' },
  { field: 'place', value: { latitude: 1, longitude: 2, fullAddress: 5 }, why: 'a fullAddress that is no text', rule: 'MAP-072' },
  { field: 'place', value: coordinatesOf(LIMITS.coordinates + 1), why: `a coordinates text of ${LIMITS.coordinates + 1} characters`, rule: 'MAP-071' },
  // Numbers, booleans, text, e-mail.
  { field: 'score', value: '0x10', why: 'a number in hexadecimal notation', rule: 'MAP-072' },
  { field: 'flag', value: 'maybe', why: 'a word that is no boolean', rule: 'MAP-012' },
  { field: 'contact', value: 'a@b@example.org', why: 'two @', rule: 'MAP-010' },
  // Selects, files, keys and the sync action.
  { field: 'tags', value: [{ name: 'an object' }], why: 'an object among the names', rule: 'MAP-029' },
  { field: 'cover', value: 'ftp://example.org/a.txt', why: 'an ftp URL', rule: 'MAP-073' },
  { field: 'cover', value: 'app://elsewhere?url=https://example.org/a.txt', why: 'an app:// address other than app://resource', rule: 'MAP-073' },
  { field: 'cover', value: 'app://resource/path?url=https://example.org/a.txt', why: 'an app://resource address with a path', rule: 'MAP-073' },
  { field: 'ref', value: true, why: 'a boolean as a relation key (a key is a string or a number)', rule: 'MAP-048' },
  { field: 'id', value: '   ', why: 'a blank row key', rule: 'MAP-071' },
  { field: 'id', value: true, why: 'a boolean row key', rule: 'MAP-071' },
];

/** Further cases of the full profile. */
const MORE: readonly RefusedCase[] = [
  { field: 'flag', value: 2, why: 'a number other than 0 and 1', rule: 'MAP-012' },
  { field: 'due', value: '2026-00-10T00:00:00Z', why: 'month 0', rule: 'MAP-072' },
  { field: 'count', value: '1.5', why: 'a fraction in an integer field', rule: 'MAP-006' },
  { field: 'remark', value: { text: 'an object' }, why: 'an object in a text field', rule: 'MAP-007' },
  { field: 'score', value: '12abc', why: 'text after a number', rule: 'MAP-001' },
  { field: 'score', value: '1.2.3', why: 'two decimal points', rule: 'MAP-001' },
  { field: 'score', value: '1e', why: 'an exponent without digits', rule: 'MAP-001' },
  { field: 'count', value: 3.25, why: 'a JSON number with a fraction', rule: 'MAP-006' },
  { field: 'count', value: '9007199254740992', why: 'an integer beyond 2^53 - 1', rule: 'MAP-072' },
  { field: 'remark', value: 'x'.repeat(LIMITS.text + 1), why: `a text of ${LIMITS.text + 1} characters`, rule: 'MAP-071' },
  { field: 'homepage', value: 'not a url', why: 'no absolute URL', rule: 'MAP-009' },
  { field: 'homepage', value: urlOf(LIMITS.url + 1), why: `a URL of ${LIMITS.url + 1} characters`, rule: 'MAP-071' },
  { field: 'contact', value: 'nobody', why: 'no @', rule: 'MAP-010' },
  { field: 'contact', value: 'jane doe@example.org', why: 'a blank inside', rule: 'MAP-010' },
  { field: 'contact', value: emailOf(LIMITS.email + 1), why: `an e-mail address of ${LIMITS.email + 1} characters`, rule: 'MAP-071' },
  { field: 'due', value: '2026-1-01T00:00:00Z', why: 'a month of one digit', rule: 'MAP-031' },
  { field: 'due', value: '2026-01-01T10', why: 'an hour without minutes', rule: 'MAP-031' },
  { field: 'due', value: 'yesterday', why: 'a word', rule: 'MAP-031' },
  { field: 'day', value: '2026-05-06 junk', why: 'text after the date', rule: 'MAP-032' },
  { field: 'day', value: '2026-02-30', why: 'February 30', rule: 'MAP-032' },
  { field: 'day', value: 20260506, why: 'a number', rule: 'MAP-032' },
  { field: 'period', value: 'not json', why: 'a text that is no object', rule: 'MAP-014' },
  { field: 'place', value: '40.7128', why: 'one coordinate', rule: 'MAP-039' },
  { field: 'place', value: '{"latitude": 1}', why: 'an object without longitude', rule: 'MAP-041' },
  { field: 'place', value: '{"latitude": "1N", "longitude": "2N"}', why: 'a longitude with a latitude letter', rule: 'MAP-072' },
  { field: 'place', value: locationJsonOf(LIMITS.locationJson + 1), why: `a location JSON text of ${LIMITS.locationJson + 1} characters`, rule: 'MAP-071' },
  { field: 'tags', value: '["unclosed"', why: 'a JSON array that does not parse', rule: 'MAP-029' },
  { field: 'tags', value: namesOf(LIMITS.names + 1), why: `${LIMITS.names + 1} names`, rule: 'MAP-071' },
  { field: 'priority', value: { name: 'an object' }, why: 'an object as a single select value', rule: 'MAP-020' },
  { field: 'cover', value: urlOf(LIMITS.fileUrl + 1), why: `a file URL of ${LIMITS.fileUrl + 1} characters`, rule: 'MAP-071' },
  { field: 'attachments', value: urlsOf(LIMITS.files + 1, 'https://example.org/a.txt'), why: `${LIMITS.files + 1} file URLs`, rule: 'MAP-071' },
  { field: 'attachments', value: '["https://example.org/a.txt"', why: 'URLs as a JSON array that does not parse', rule: 'MAP-073' },
  { field: 'ref', value: { id: 'x' }, why: 'an object as a relation key', rule: 'MAP-048' },
  { field: 'ref', value: ['x'], why: 'an array as the key of a many-to-one relation', rule: 'MAP-048' },
  { field: 'refs', value: '["x"', why: 'keys as a JSON array that does not parse', rule: 'MAP-048' },
  { field: 'refs', value: [['x']], why: 'an array as a key', rule: 'MAP-048' },
  { field: 'id', value: undefined, why: 'a row without its key', rule: 'MAP-071' },
  { field: 'id', value: '', why: 'an empty row key', rule: 'MAP-071' },
  { field: 'id', value: keyOf(LIMITS.key + 1), why: `a row key of ${LIMITS.key + 1} characters`, rule: 'MAP-071' },
];

export default defineCheck({
  id: 'sync.values-invalid',
  name:
    'A value outside the rules of its field fails the run with integration.error/row-invalid, data {type: <app type>, key: <row key>, field: <app field id>} (no key when the row has no usable key, ' +
    'the key field then): just beyond each edge (February 29 of a common year or of 1900, month 13, day 0, hour 24, minute and second 60, offsets of 24 hours or 60 minutes, ' +
    'a time before the year 0000 or after 9999 in UTC, text around a timestamp, a day whose timestamp is no time, a range with one end, a latitude beyond 90, a longitude beyond 180, 60 minutes ' +
    'or seconds of arc, misplaced fractions and letters, a coordinates text over 200 characters, hexadecimal numbers, a word in a boolean field, two @, an object among option names, ' +
    'ftp and other app:// file addresses, a boolean relation key, a blank or boolean row key, ...); each value alone in its run (the quick profile draws the edges, the full profile more); a REMOVE row carries only its key: ' +
    'its other values are not converted',
  level: 'MUST',
  area: 'mapping',
  requirements: ['SYNC-012', 'SYNC-001', 'MAP-071', 'MAP-072', 'MAP-073', 'MAP-001', 'MAP-006', 'MAP-007', 'MAP-009', 'MAP-010', 'MAP-012', 'MAP-014', 'MAP-015', 'MAP-020', 'MAP-029', 'MAP-031', 'MAP-032', 'MAP-039', 'MAP-040', 'MAP-041', 'MAP-048'],
  target: 'server',
  async run(ctx) {
    const cases = ctx.profile === 'quick' ? EDGES : [...EDGES, ...MORE];
    const holder = frontHolder();
    const scenario = refusedScenario('Every value field, given values outside their rules.');
    await withIntegration(ctx, scenario, { sync: false, front: holder.front }, async (it) => {
      const remove = { id: REFUSED_KEY, __syncAction: 'REMOVE' as const, score: 'not a number', due: 'never' };
      holder.get().script(REFUSED_TYPE, [{ items: [remove], synchronizationType: 'delta' }]);
      const removed = await runSync(ctx, it.source.id);
      if (removed.run.status !== 'succeeded') {
        fail(`MAP-072: a delta page with the row ${JSON.stringify(remove)}: the run ${removed.run.id} ended "${removed.run.status}"${removed.run.error ? ` with ${removed.run.error.name}: ${removed.run.error.message}` : ''}; a REMOVE row carries only its key, its other values are not converted`, removed.res);
      }
      if ((await it.byKey(REFUSED_TYPE)).has(REFUSED_KEY)) fail(`SYNC-001: the REMOVE row ${JSON.stringify(remove)} of a key the source never synchronized created an Entity; a REMOVE row removes, it never writes`, lastResponse(ctx));
      for (const c of cases) {
        const { run, res, error } = await runRefused(ctx, it, holder.get(), c);
        const given = `${c.rule}: ${c.field} given ${describeValue(c.value)} (${c.why})`;
        if (run.status !== 'failed' || !error) {
          const entity = (await it.entities('thing')).find((r) => r[it.field('Id')] === (keyless(c) ? c.value : REFUSED_KEY));
          const landed = entity === undefined ? 'no Entity' : `an Entity whose ${landedName(c.field)} holds ${describeValue(entity[it.field(landedName(c.field))] ?? entity[it.field(`${landedName(c.field)} key`)] ?? null)}`;
          fail(`${given}: the run ${run.id} ended "${run.status}" and left ${landed}; a value outside the rules of its field fails the run with integration.error/row-invalid (SYNC-012)`, res);
        }
        expectClearError({ ...run, error }, given, res);
        const want = expectedData(c);
        const data = isRecord(error.data) ? error.data : {};
        const got = { type: data['type'], ...('key' in data ? { key: data['key'] } : {}), field: data['field'] };
        if (error.name !== 'integration.error/row-invalid' || !isDeepStrictEqual(got, want)) {
          fail(
            `${given}: the failed run ${run.id} has the error ${describeValue({ name: error.name, data: error.data })}, expected integration.error/row-invalid with data ${JSON.stringify(want)} ` +
              `(SYNC-012: the app type, ${keyless(c) ? 'no key since the row has no usable one' : 'the row key'} and the app field at fault)`,
            lastResponse(ctx),
          );
        }
      }
    });
  },
});
