import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { lastResponse, withIntegration } from './integration.js';
import { ICON_FIELD, SYSTEM_FIELDS } from './read.js';
import { expectField, expectFieldNames } from './schema-expect.js';
import { oneTypeScenario } from './scenarios.js';

/** The rows: an icon field given emoji aliases (each becomes its emoji), and the icon each Entity has. */
const ROWS = [
  { id: 't1', name: 'One', badge: 'rocket', icon: '🚀' },
  { id: 't2', name: 'Two', badge: ':tada:', icon: '🎉' },
] as const;

// Every run is a full one: a later run delivers every row, keyed by the key field of its schema.
const SCENARIO = oneTypeScenario(
  'An icon field that a later schema makes the row key (type id), the field "id" a plain text field.',
  { badge: { name: 'Badge', type: 'text', subType: 'icon' } },
  ROWS.map(({ id, name, badge }) => ({ id, name, badge })),
  {},
  { supportsDelta: false },
);

export default defineCheck({
  id: 'sync.mapping-key-change',
  name:
    'A field that a later schema makes the row key (its type changed to id, the field "id" made a plain text field) keeps its workspace field and is written as before: an icon field still sets the Entity icon ' +
    'from each row (an alias as its emoji), "id" still fills its field, and no field is created',
  level: 'MUST',
  area: 'mapping',
  requirements: ['MAP-064', 'MAP-018'],
  target: 'server',
  async run(ctx) {
    await withIntegration(ctx, SCENARIO, {}, async (it) => {
      const things = it.database('thing');
      const before = await it.schema();
      const fields = before.requireType(things, 'the Database of type "thing" after the first sync')['svc/fields'].map((f) => f['svc/name']).filter((n) => !SYSTEM_FIELDS.has(n));
      const expectRows = async (when: string): Promise<void> => {
        const entities = await it.byKey('thing');
        const keys = [...entities.keys()].sort();
        if (JSON.stringify(keys) !== JSON.stringify(ROWS.map((r) => r.id))) fail(`${when}: ${things} holds the Entities with Id ${JSON.stringify(keys)}; the app delivers the rows ${JSON.stringify(ROWS.map((r) => r.id))}, one Entity each`, lastResponse(ctx));
        for (const row of ROWS) {
          const entity = entities.get(row.id);
          const icon = entity?.[ICON_FIELD] ?? null;
          if (icon !== row.icon || entity?.[it.field('Name')] !== row.name) {
            fail(
              `${when}: the row ${row.id} (name ${JSON.stringify(row.name)}, badge ${JSON.stringify(row.badge)}) should give an Entity with Name ${JSON.stringify(row.name)} and ${ICON_FIELD} ${JSON.stringify(row.icon)} (an icon field sets the Entity icon, an alias as its emoji); it has ${JSON.stringify(entity ?? null)}`,
              lastResponse(ctx),
            );
          }
        }
      };
      await expectRows('MAP-018 after the first sync');

      // The later schema: "badge" is the row key (type id), "id" a text field.
      const schema = it.app.scenario.schema['thing'];
      if (!schema?.['badge']) fail('the mock app lost the schema of "thing"', lastResponse(ctx));
      schema['id'] = { name: 'Id', type: 'text' };
      schema['badge'] = { name: 'Badge', type: 'id' };
      await it.sync('a full sync after the app made the icon field "badge" the row key (type id) and "id" a text field');

      const after = await it.schema();
      expectFieldNames(after, things, fields, 'MAP-064 a later schema that changes the type of "badge" (to id) and "id" (to text) creates no field: each keeps its workspace field');
      expectField(after, things, it.field('Id'), { type: 'svc/text' }, 'MAP-064 the field "id", a text field in the later schema, keeps its workspace field');
      await expectRows('MAP-064 after the later schema made the icon field "badge" the row key: the field is written as before');
    });
  },
});
