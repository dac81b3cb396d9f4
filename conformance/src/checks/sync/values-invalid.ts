import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { runSync } from './admin.js';
import { lastResponse, withIntegration } from './integration.js';
import { oneTypeScenario } from './scenarios.js';
import { startScriptFront, type ScriptFront } from './script-front.js';

/** An app field, a value outside every notation of its field (spec/integrations.md, "Values"), and why; or a whole row whose key is unusable. */
interface Case {
  field: string;
  value: unknown;
  why: string;
  /** The row to deliver instead of `{id: "bad", name, <field>: <value>}` (its key is the problem). */
  row?: Record<string, unknown>;
}

const FIELDS = {
  flag: { name: 'Flag', type: 'text', subType: 'boolean' },
  score: { name: 'Score', type: 'number' },
  count: { name: 'Count', type: 'number', subType: 'integer' },
  homepage: { name: 'Homepage', type: 'text', subType: 'url' },
  contact: { name: 'Contact', type: 'text', subType: 'email' },
  due: { name: 'Due', type: 'date' },
  day: { name: 'Day', type: 'date', subType: 'day' },
  period: { name: 'Period', type: 'text', subType: 'date-range' },
  window: { name: 'Window', type: 'text', subType: 'date-time-range' },
  place: { name: 'Place', type: 'text', subType: 'location' },
  remark: { name: 'Remark', type: 'text' },
  tags: { name: 'Tags', type: 'text', subType: 'multi-select' },
  ref: { name: 'Ref', type: 'text', relation: { cardinality: 'many-to-one', name: 'Ref', targetType: 'elsewhere', targetFieldId: 'id' } },
  refs: { name: 'Refs', type: 'array[text]', relation: { cardinality: 'many-to-many', name: 'Refs', targetType: 'elsewhere', targetFieldId: 'id' } },
} as const;

/** The cases every run draws, the quick profile too: the edges just outside each notation. */
const EDGES: readonly Case[] = [
  { field: 'due', value: '2026-02-29T00:00:00Z', why: 'February 29 of a year that is not a leap year' },
  { field: 'due', value: '2026-01-01T24:00:00Z', why: 'hour 24' },
  { field: 'due', value: '2026-01-01T10:00:00+05:60', why: 'an offset of 60 minutes' },
  { field: 'day', value: '2026-04-31', why: 'April 31' },
  { field: 'place', value: '90.5, 0', why: 'a latitude beyond 90' },
  { field: 'place', value: `40°60'0"N 74°0'0"W`, why: '60 minutes' },
  { field: 'period', value: '{"start": "2026-01-01"}', why: 'a range without its end' },
  { field: 'count', value: '1.5', why: 'a fraction in an integer field' },
  { field: 'id', value: '   ', why: 'a blank row key', row: { id: '   ', name: 'A row with a blank key' } },
];

/** Further cases of the full profile. */
const MORE: readonly Case[] = [
  { field: 'flag', value: 'maybe', why: 'a word that is no boolean' },
  { field: 'flag', value: 2, why: 'a number other than 0 and 1' },
  { field: 'score', value: '12abc', why: 'text after a number' },
  { field: 'score', value: '1.2.3', why: 'two decimal points' },
  { field: 'score', value: '1e', why: 'an exponent without digits' },
  { field: 'count', value: 3.25, why: 'a JSON number with a fraction' },
  { field: 'count', value: '9007199254740993', why: 'an integer beyond the safe range' },
  { field: 'homepage', value: 'not a url', why: 'no absolute URL' },
  { field: 'contact', value: 'a@b@example.org', why: 'two @' },
  { field: 'contact', value: 'nobody', why: 'no @' },
  { field: 'due', value: '1900-02-29T00:00:00Z', why: 'February 29 of a century that is not a leap year' },
  { field: 'due', value: '2026-13-01T00:00:00Z', why: 'month 13' },
  { field: 'due', value: '2026-00-10T00:00:00Z', why: 'month 0' },
  { field: 'due', value: '2026-01-00T00:00:00Z', why: 'day 0' },
  { field: 'due', value: '2026-01-01T23:60:00Z', why: 'minute 60' },
  { field: 'due', value: '2026-01-01T23:59:60Z', why: 'second 60' },
  { field: 'due', value: '2026-01-01T10:00:00+24:00', why: 'an offset of 24 hours' },
  { field: 'due', value: '0000-01-01T00:30:00+01:00', why: 'a time before the year 0 in UTC' },
  { field: 'due', value: '9999-12-31T23:00:00-02:00', why: 'a time after the year 9999 in UTC' },
  { field: 'due', value: '2026-1-01T00:00:00Z', why: 'a month of one digit' },
  { field: 'due', value: '2026-01-01T10', why: 'an hour without minutes' },
  { field: 'due', value: 'yesterday', why: 'a word' },
  { field: 'day', value: '2026-05-06 junk', why: 'text after the date' },
  { field: 'day', value: '2026-05-06T25:00:00Z', why: 'a timestamp with hour 25' },
  { field: 'day', value: 20260506, why: 'a number' },
  { field: 'period', value: 'not json', why: 'a text that is no object' },
  { field: 'period', value: '[1, 2]', why: 'an array' },
  { field: 'window', value: { start: '2026-01-01T00:00:00Z', end: 'later' }, why: 'an end that is no timestamp' },
  { field: 'place', value: '0, 180.5', why: 'a longitude beyond 180' },
  { field: 'place', value: `40.5°30'N 74°W`, why: 'a fraction of degrees before minutes' },
  { field: 'place', value: `40°30.5'10"N 74°W`, why: 'a fraction of minutes before seconds' },
  { field: 'place', value: `40°30'60"N 74°W`, why: '60 seconds' },
  { field: 'place', value: '10N 20S', why: 'two latitudes' },
  { field: 'place', value: '-40N 74W', why: 'a sign and a hemisphere letter' },
  { field: 'place', value: '40.7128', why: 'one coordinate' },
  { field: 'place', value: '{"latitude": 1}', why: 'an object without longitude' },
  { field: 'place', value: '{"latitude": "1N", "longitude": "2N"}', why: 'a longitude with a latitude letter' },
  { field: 'place', value: { latitude: 1, longitude: 2, fullAddress: 5 }, why: 'a fullAddress that is no text' },
  { field: 'place', value: `${'1'.repeat(200)}, 2`, why: 'a text over 200 characters' },
  { field: 'remark', value: { text: 'an object' }, why: 'an object in a text field' },
  { field: 'tags', value: [{ name: 'an object' }], why: 'an object among the names' },
  { field: 'tags', value: '["unclosed"', why: 'a JSON array that does not parse' },
  { field: 'ref', value: { id: 'x' }, why: 'an object as a relation key' },
  { field: 'refs', value: '["x"', why: 'keys as a JSON array that does not parse' },
  { field: 'refs', value: [['x']], why: 'an array as a key' },
  { field: 'id', value: undefined, why: 'a row without its key', row: { name: 'A row without a key' } },
  { field: 'id', value: '', why: 'an empty row key', row: { id: '', name: 'A row with an empty key' } },
  { field: 'id', value: 'k'.repeat(1001), why: 'a row key over 1,000 characters', row: { id: 'k'.repeat(1001), name: 'A row with a long key' } },
];

/** The workspace field of an app field. */
const fieldName = (field: string): string => (FIELDS as Record<string, { name: string }>)[field]?.name ?? field;

export default defineCheck({
  id: 'sync.values-invalid',
  name:
    'A value outside every notation of its field (February 29 of a common year, hour 24, an offset of 60 minutes, April 31, a latitude beyond 90, 60 minutes of arc, a range without its end, ' +
    'a fraction in an integer field, a blank row key, ...) never lands as another value, and a row without a usable key never becomes an Entity: the run fails (spec: integration.error/row-invalid, sync.invalid-row) or, if the server takes the row, ' +
    'the field holds no value; each value alone in its run (the quick profile draws the edges, the full profile more)',
  level: 'MUST',
  area: 'mapping',
  requirements: ['SYNC-011', 'MAP-001', 'MAP-006', 'MAP-012', 'MAP-014', 'MAP-031', 'MAP-032', 'MAP-039', 'MAP-040', 'MAP-041'],
  target: 'server',
  async run(ctx) {
    const cases = ctx.profile === 'quick' ? EDGES : [...EDGES, ...MORE];
    let front: ScriptFront | undefined;
    const scenario = oneTypeScenario('Every value field, given values outside their notations.', { ...FIELDS }, []);
    await withIntegration(ctx, scenario, { sync: false, front: async (url) => (front = await startScriptFront(url)) }, async (it) => {
      const schema = await it.schema();
      for (const c of cases) {
        (front as ScriptFront).script('thing', [{ items: [c.row ?? { id: 'bad', name: 'A row with a bad value', [c.field]: c.value }], synchronizationType: 'delta' }]);
        const { run } = await runSync(ctx, it.source.id);
        if (run.status !== 'succeeded') continue;
        const rows = await it.entities('thing', schema);
        if (c.row) {
          const keys = rows.map((r) => r[it.field('Id')]).filter((k) => k !== 'bad');
          if (keys.length > 0) fail(`a row with ${c.why} (${JSON.stringify(c.row).slice(0, 120)}): the run ${run.id} succeeded and the Database holds an Entity with the key ${JSON.stringify(keys[0]).slice(0, 120)}; a row without a usable key fails the run (or is left out), it never becomes an Entity`, lastResponse(ctx));
          continue;
        }
        const entity = rows.find((r) => r[it.field('Id')] === 'bad');
        const stored = entity?.[it.field(fieldName(c.field))] ?? entity?.[it.field(`${fieldName(c.field)} key`)] ?? null;
        if (stored !== null && !(Array.isArray(stored) && stored.length === 0)) {
          fail(`${c.field} given ${JSON.stringify(c.value)} (${c.why}): the run ${run.id} succeeded and the Entity holds ${JSON.stringify(stored)}; a value outside the field's notations fails the run (or lands as no value), never as another value`, lastResponse(ctx));
        }
      }
    });
  },
});
