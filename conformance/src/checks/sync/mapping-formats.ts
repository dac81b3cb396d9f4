import { expectSuccess, fail } from '../../assert.js';
import { schemaBatch } from '../../workspace.js';
import { defineCheck } from '../../check.js';
import { lastResponse, withIntegration } from './integration.js';
import { expectField, expectFormat } from './schema-expect.js';
import { MONEY, NUMBER_FORMAT, PERCENT, PHONE, oneTypeScenario } from './scenarios.js';

const OTHER_MONEY = { format: 'Money' as const, currencyCode: 'USD', hasThousandSeparator: false, precision: 0 };

const SCENARIO = oneTypeScenario(
  'Number and text fields with a display format.',
  {
    price: { name: 'Price', type: 'number', format: MONEY },
    share: { name: 'Share', type: 'number', format: PERCENT },
    mass: { name: 'Mass', type: 'number', format: NUMBER_FORMAT },
    phone: { name: 'Phone', type: 'text', format: PHONE },
  },
  [{ id: 't1', name: 'One', price: 12.5, share: 0.5, mass: 1.25, phone: '+44 20 7946 0000' }],
);

export default defineCheck({
  id: 'sync.mapping-formats',
  name:
    'The format of a new field is kept in its svc/meta svc/format: Money {currencyCode, hasThousandSeparator, precision}, Percent and Number {unit} on svc/decimal, phone on svc/text; ' +
    'a format the app changes later does not change an existing field, and a field the app adds later (or one an administrator deleted) is created with its format',
  level: 'MUST',
  area: 'mapping',
  requirements: ['MAP-002', 'MAP-003', 'MAP-004', 'MAP-005', 'MAP-008'],
  target: 'server',
  async run(ctx) {
    await withIntegration(ctx, SCENARIO, {}, async (it) => {
      const view = await it.schema();
      const things = it.database('thing');
      const cases: Array<[string, string, string, Record<string, unknown>]> = [
        ['MAP-002 Money', 'Price', 'svc/decimal', MONEY],
        ['MAP-003 Percent', 'Share', 'svc/decimal', PERCENT],
        ['MAP-004 Number', 'Mass', 'svc/decimal', NUMBER_FORMAT],
        ['MAP-008 phone', 'Phone', 'svc/text', PHONE],
      ];
      for (const [what, name, type, format] of cases) {
        expectField(view, things, it.field(name), { type }, `${what}: the field ${name}`);
        expectFormat(view, things, it.field(name), format, `${what}: the field ${name}`);
      }

      // The app changes the format of "price" and adds "fee" with a format: only the new field takes its format (MAP-005).
      const schema = it.app.scenario.schema['thing'];
      if (!schema?.['price']) fail('the mock app lost the schema of "thing"', lastResponse(ctx));
      schema['price'] = { ...schema['price'], format: OTHER_MONEY };
      schema['fee'] = { name: 'Fee', type: 'number', format: OTHER_MONEY };
      // An administrator deletes the synchronized field Share: the next run creates it again, with its format.
      expectSuccess(await schemaBatch(ctx, [{ command: 'schema.field/delete', args: { 'holder-type': things, name: it.field('Share') } }]), `deleting the synchronized field ${it.field('Share')} as an administrator`);
      await it.sync('a sync after the app changed the format of "price" and added "fee", and an administrator deleted the field Share');
      const after = await it.schema();
      expectField(after, things, it.field('Share'), { type: 'svc/decimal' }, 'the field "share" an administrator deleted is created again by the next run');
      expectFormat(after, things, it.field('Share'), PERCENT, 'the field "share" created again takes its format');
      expectFormat(after, things, it.field('Price'), MONEY, 'MAP-005 the format applies only to newly created fields: the existing field Price keeps its format');
      expectField(after, things, it.field('Fee'), { type: 'svc/decimal' }, 'MAP-005 the field "fee" the app added');
      expectFormat(after, things, it.field('Fee'), OTHER_MONEY, 'MAP-005 the newly created field Fee takes its format');
    });
  },
});
