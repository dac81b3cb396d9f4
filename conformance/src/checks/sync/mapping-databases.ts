import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { lastResponse, withIntegration } from './integration.js';
import { expectField } from './schema-expect.js';
import { buildScenario, keyAndName } from './scenarios.js';

const SCENARIO = buildScenario({
  description: 'Two types with a few rows each.',
  types: [
    { id: 'project', name: 'Projects' },
    { id: 'person', name: 'People' },
  ],
  schema: { project: keyAndName({ budget: { name: 'Budget', type: 'number' } }), person: keyAndName() },
  rows: {
    project: [
      { id: 'p1', name: 'Apollo', budget: 10 },
      { id: 'p2', name: 'Gemini', budget: 20.5 },
      { id: 'p3', name: 'Mercury' },
    ],
    person: [
      { id: 1, name: 'Ada' },
      { id: 2, name: 'Grace' },
    ],
  },
});

export default defineCheck({
  id: 'sync.mapping-databases',
  name:
    'A sync creates one Database <Space>/<type name> per type of the source (named in the source\'s "databases"), with the fields <Space>/<field name> and the text field ' +
    '<Space>/deleted in source, and each delivered row becomes one Entity holding its values',
  level: 'MUST',
  area: 'sync',
  requirements: ['SYNC-011', 'SYNC-006'],
  target: 'server',
  async run(ctx) {
    await withIntegration(ctx, SCENARIO, {}, async (it) => {
      const view = await it.schema();
      for (const type of SCENARIO.types) {
        const expected = `${it.space}/${type.name}`;
        if (it.source.databases[type.id] !== expected) {
          fail(`the source names the Database of type "${type.id}" ${JSON.stringify(it.source.databases[type.id])}; a type becomes the Database <Space>/<type name>, here ${JSON.stringify(expected)}`, lastResponse(ctx));
        }
        view.requireType(expected, `the Database of type "${type.id}"`);
        expectField(view, expected, it.field('Id'), { type: 'svc/text' }, `SYNC-011: the key field "id" of type "${type.id}"`);
        expectField(view, expected, it.field('Name'), { type: 'svc/text' }, `SYNC-011: the field "name" of type "${type.id}"`);
        expectField(view, expected, it.field('deleted in source'), { type: 'svc/text' }, `SYNC-006: every synchronized Database has the text field "deleted in source"`);
      }
      expectField(view, it.database('project'), it.field('Budget'), { type: 'svc/decimal' }, 'SYNC-011: the field "budget" of type "project"');
      for (const type of SCENARIO.types) {
        const rows = SCENARIO.data?.[type.id]?.rows ?? [];
        const entities = await it.byKey(type.id);
        const keys = [...entities.keys()].sort();
        const expectedKeys = rows.map((r) => String(r['id'])).sort();
        if (JSON.stringify(keys) !== JSON.stringify(expectedKeys)) {
          fail(`SYNC-011: after the first sync ${it.database(type.id)} holds the keys ${JSON.stringify(keys)}; the app delivered ${JSON.stringify(expectedKeys)}, one Entity per row`, lastResponse(ctx));
        }
        for (const row of rows) {
          const entity = entities.get(String(row['id']));
          const name = entity?.[it.field('Name')];
          if (name !== row['name']) fail(`SYNC-011: the Entity of ${type.id} row ${JSON.stringify(row['id'])} has Name ${JSON.stringify(name)}, the row has ${JSON.stringify(row['name'])}`, lastResponse(ctx));
          const mark = entity?.[it.field('deleted in source')];
          if (mark !== 'no' && mark !== null && mark !== undefined) fail(`SYNC-006: a freshly synchronized Entity of ${type.id} has "deleted in source" ${JSON.stringify(mark)}, expected "no" (or no value)`, lastResponse(ctx));
          if (type.id === 'project') {
            const budget = entity?.[it.field('Budget')] ?? null;
            if (budget !== (row['budget'] ?? null)) fail(`SYNC-011: the Entity of project ${String(row['id'])} has Budget ${JSON.stringify(budget)}, the row has ${JSON.stringify(row['budget'] ?? null)}`, lastResponse(ctx));
          }
        }
      }
    });
  },
});
