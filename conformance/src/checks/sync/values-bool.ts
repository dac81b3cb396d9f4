import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { lastResponse, withIntegration } from './integration.js';
import { oneTypeScenario } from './scenarios.js';

/** Text (or JSON boolean) given to a boolean field, and the value it converts to (spec/integrations.md, "Values"); null: cleared. */
const CASES: Array<[unknown, boolean | null]> = [
  ['true', true],
  ['yes', true],
  ['on', true],
  ['1', true],
  ['checked', true],
  ['false', false],
  ['no', false],
  ['off', false],
  ['0', false],
  ['', false],
  // JSON booleans are taken as they are, and the JSON numbers 1 and 0; words are read case-insensitively and trimmed.
  [true, true],
  [false, false],
  [1, true],
  [0, false],
  ['TRUE', true],
  [' Yes ', true],
  ['ON', true],
  ['Checked', true],
  ['\t1\n', true],
  ['Off', false],
  ['FALSE', false],
  [' no ', false],
  ['  ', false],
  // null or an absent value clears the field.
  [null, null],
  [undefined, null],
];
const SCENARIO = oneTypeScenario(
  'A boolean field given every word of the conversion table.',
  { flag: { name: 'Flag', type: 'text', subType: 'boolean' } },
  CASES.map(([value], i) => ({ id: `b${i}`, name: `case ${i}`, ...(value === undefined ? {} : { flag: value }) })),
);

export default defineCheck({
  id: 'sync.values-bool',
  name:
    'A text/boolean value converts to svc/bool: true, yes, on, 1, checked give true; false, no, off, 0 and the empty (or blank) string give false (words case-insensitive and trimmed, ' +
    'JSON booleans as they are, the JSON numbers 1 and 0 as true and false); null or an absent value clears the field',
  level: 'MUST',
  area: 'mapping',
  requirements: ['MAP-012', 'MAP-013'],
  target: 'server',
  async run(ctx) {
    await withIntegration(ctx, SCENARIO, {}, async (it) => {
      const entities = await it.byKey('thing');
      const wrong: string[] = [];
      CASES.forEach(([value, expected], i) => {
        const got = entities.get(`b${i}`)?.[it.field('Flag')] ?? null;
        if (got !== expected) wrong.push(`${value === undefined ? '(absent)' : JSON.stringify(value)} gave ${JSON.stringify(got)} (expected ${JSON.stringify(expected)})`);
      });
      if (wrong.length > 0) fail(`${summary(wrong)}: ${wrong.join('; ')}`, lastResponse(ctx));
    });
  },
});

function summary(wrong: string[]): string {
  const requirement = wrong.some((w) => w.endsWith('(expected true)')) ? 'MAP-012' : 'MAP-013';
  return `${requirement}: ${wrong.length} boolean value(s) converted wrongly`;
}
