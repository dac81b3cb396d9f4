import { isDeepStrictEqual } from 'node:util';
import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { lastResponse, withIntegration } from './integration.js';
import { enumName, enumNames } from './read.js';
import { selectsScenario } from './scenarios.js';
import { describeValue, LIMITS } from './values-refused.js';

/** Row key to the expected option names (multi selects sorted), by the value rules of spec/integrations.md. */
const EXPECTED: Record<string, Record<string, string | null | string[]>> = {
  t1: { Priority: 'High', Kind: 'Bug', State: 'Doing', Stage: 'Review', Labels: ['blue', 'red'], Tags: ['alpha', 'beta'] },
  // Empty workflow values are the default state; a stringified JSON array is a multi select value.
  t2: { Priority: 'Urgent', Kind: 'Feature', State: 'Open', Stage: 'Open', Labels: [], Tags: ['gamma'] },
  t3: { Priority: 'Low', Kind: 'Bug', State: 'Closed', Stage: 'Done', Labels: ['green'], Tags: ['alpha', 'delta'] },
  // Names are trimmed; empty names and repeats are dropped; null, blank or absent single values clear (a workflow: its default state).
  t4: { Priority: 'Low', Kind: '5', State: 'Closed', Stage: 'Open', Labels: ['green', 'red'], Tags: ['x', 'y'] },
  t5: { Priority: null, Kind: null, State: 'Open', Stage: 'Open', Labels: [], Tags: [] },
  t6: { Priority: 'High', Kind: 'true', State: 'Doing', Stage: 'Review', Labels: ['blue'], Tags: ['1', 'true'] },
  // A JSON number or boolean alone is one name, its text.
  t7: { Tags: ['7'] },
  t8: { Tags: ['false'] },
};

/** The most names a multi select value may hold (MAP-071): drawn by the full profile (each becomes an option). */
const MANY = Array.from({ length: LIMITS.names }, (_, i) => `m${String(i).padStart(4, '0')}`);

/** Rows at the edges of the select notations, added to the scenario of sync.mapping-selects. */
const EDGE_ROWS = [
  { id: 't4', name: 'Four', priority: '  Low  ', kind: 5, state: ' Closed ', stage: null, labels: '["green", "red", "green"]', tags: 'x, , y,x ' },
  { id: 't5', name: 'Five', priority: null, kind: '', stage: '   ', labels: [], tags: '' },
  { id: 't6', name: 'Six', priority: 'High', kind: true, state: 'Doing', stage: 'Review', labels: ' [ "blue" ] ', tags: [1, true, ' '] },
  { id: 't7', name: 'Seven', tags: 7 },
  { id: 't8', name: 'Eight', tags: false },
];

const HOW: Record<string, string> = {
  Labels: 'MAP-029 a JSON array of option names',
  Tags: 'MAP-029/MAP-030 a comma-separated string, a stringified JSON array or a JSON array',
  State: 'MAP-023/MAP-027 a workflow state (empty: the default state)',
  Stage: 'MAP-027 a workflow state with inferred options (empty: the default state)',
  Priority: 'MAP-020/MAP-022 a single select option (a new value is added)',
  Kind: 'MAP-022 a single select option inferred from the data',
};

export default defineCheck({
  id: 'sync.values-selects',
  name:
    'Select values link the Entity to the enum value of that name: single select and workflow values (an empty workflow value is the default state), ' +
    'multi select values given as a JSON array, a stringified JSON array or a comma-separated string; names trimmed (numbers and booleans as their text), empty names and repeats dropped, ' +
    'null, empty, blank or absent values clearing (a workflow: its default state), a JSON number or boolean alone one name; the full profile also 1,000 names in one value',
  level: 'MUST',
  area: 'mapping',
  requirements: ['MAP-020', 'MAP-022', 'MAP-023', 'MAP-027', 'MAP-029', 'MAP-030', 'MAP-071'],
  target: 'server',
  async run(ctx) {
    const scenario = selectsScenario();
    const expected = ctx.profile === 'quick' ? EXPECTED : { ...EXPECTED, t9: { Tags: MANY } };
    scenario.data?.['thing']?.rows.push(...EDGE_ROWS, ...(ctx.profile === 'quick' ? [] : [{ id: 't9', name: 'Nine', tags: MANY }]));
    await withIntegration(ctx, scenario, {}, async (it) => {
      const entities = await it.byKey('thing');
      for (const [key, fields] of Object.entries(expected)) {
        const entity = entities.get(key);
        if (!entity) fail(`the row ${key} was not synchronized into ${it.database('thing')}`, lastResponse(ctx));
        const row = scenario.data?.['thing']?.rows.find((r) => r['id'] === key) ?? {};
        for (const [name, want] of Object.entries(fields)) {
          const value = entity[it.field(name)];
          const got = Array.isArray(want) ? enumNames(value) : enumName(value);
          if (!isDeepStrictEqual(got, want)) {
            const appField = name.toLowerCase();
            fail(`${HOW[name] ?? name}: row ${key} has ${appField} ${describeValue(row[appField])}; its Entity's ${it.field(name)} names ${describeValue(got)}, expected ${describeValue(want)} (read as ${describeValue(value)})`, lastResponse(ctx));
          }
        }
      }
    });
  },
});
