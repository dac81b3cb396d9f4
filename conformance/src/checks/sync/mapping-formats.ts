import { expectSuccess, fail } from '../../assert.js';
import { run, schemaBatch } from '../../workspace.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { deletedMark } from './expect-entities.js';
import { lastResponse, withIntegration } from './integration.js';
import { expectField, expectFieldNames, expectFormat } from './schema-expect.js';
import { MONEY, NUMBER_FORMAT, PERCENT, PHONE, oneTypeScenario, type AppSchemaField } from './scenarios.js';
import { fieldDelete } from '../../model/schema.js';

const OTHER_MONEY = { format: 'Money' as const, currencyCode: 'USD', hasThousandSeparator: false, precision: 0 };
/** A format with its name only: kept as given, no key added. */
const BARE_MONEY = { format: 'Money' as const };
const PARENT = { cardinality: 'many-to-one' as const, name: 'Parent', targetType: 'thing', targetName: 'Children', targetFieldId: 'id' };

const SCENARIO = oneTypeScenario(
  'Number and text fields with a display format, and fields whose type a later schema changes.',
  {
    price: { name: 'Price', type: 'number', format: MONEY },
    share: { name: 'Share', type: 'number', format: PERCENT },
    mass: { name: 'Mass', type: 'number', format: NUMBER_FORMAT },
    phone: { name: 'Phone', type: 'text', format: PHONE },
    cost: { name: 'Cost', type: 'number', format: BARE_MONEY },
    parentId: { name: 'Parent Id', type: 'text', relation: PARENT },
    label: { name: 'Label', type: 'text' },
  },
  [
    { id: 't1', name: 'One', price: 12.5, share: 0.5, mass: 1.25, phone: '+44 20 7946 0000', label: 'first' },
    { id: 't2', name: 'Two', parentId: 't1', label: 't1' },
  ],
);

/** The later schema of `thing`: the type of "parentId" and "label" and the name of "phone" change, the format of "price" too, "fee" appears and "mass" is gone. */
function laterSchema(schema: Record<string, AppSchemaField>): void {
  delete schema['mass'];
  schema['price'] = { name: 'Price', type: 'number', format: OTHER_MONEY };
  schema['fee'] = { name: 'Fee', type: 'number', format: OTHER_MONEY };
  schema['phone'] = { name: 'Telephone', type: 'text', format: PHONE };
  schema['parentId'] = { name: 'Parent Id', type: 'text' };
  schema['label'] = { name: 'Label', type: 'text', relation: { ...PARENT, name: 'Labelled', targetName: 'Labels' } };
}

export default defineCheck({
  id: 'sync.mapping-formats',
  name:
    'The format of a new field is kept in its svc/meta svc/format as given: Money {currencyCode, hasThousandSeparator, precision}, Percent and Number {unit} on svc/decimal, phone on svc/text; ' +
    'a format the app changes later does not change an existing field, and a field the app adds later (or one an administrator deleted) is created with its format; a field whose name or type a later schema changes, or that gains or loses a relation, ' +
    'keeps its workspace field and is written as before; a field an administrator creates under the name of a deleted synchronized field the schema no longer has is the administrator\'s (a value in it protects)',
  level: 'MUST',
  area: 'mapping',
  requirements: ['MAP-002', 'MAP-003', 'MAP-004', 'MAP-005', 'MAP-008', 'MAP-064', 'SYNC-004'],
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
        ['MAP-002 Money with its name only', 'Cost', 'svc/decimal', BARE_MONEY],
      ];
      for (const [what, name, type, format] of cases) {
        expectField(view, things, it.field(name), { type, metaExactly: { 'svc/format': format } }, `${what}: the field ${name} (svc/format the app's format as given)`);
      }

      const schema = it.app.scenario.schema['thing'];
      if (!schema?.['price']) fail('the mock app lost the schema of "thing"', lastResponse(ctx));
      laterSchema(schema);
      // An administrator deletes the synchronized field Share: the next run creates it again, with its format. The field Mass, whose "mass" the later schema lacks, too: it stays deleted.
      const drop = (name: string) => (fieldDelete(things, it.field(name)));
      expectSuccess(await schemaBatch(ctx, [drop('Share'), drop('Mass')]), `deleting the synchronized fields ${it.field('Share')} and ${it.field('Mass')} as an administrator`);
      it.app.change({ thing: { create: [{ id: 't3', name: 'Three' }], update: [{ id: 't2', parentId: 't3', label: 'changed', phone: '+1 555 0100' }] } });
      await it.sync('a sync after the app changed the format of "price", the name of "phone" and the type of "parentId" and "label", added "fee" and dropped "mass", and an administrator deleted the fields Share and Mass');
      const after = await it.schema();
      const fields = ['Id', 'Name', 'deleted in source', '__syncAction', 'Price', 'Share', 'Phone', 'Cost', 'Parent Id key', 'Parent', 'Children', 'Label', 'Fee'];
      expectFieldNames(after, things, fields.map((name) => it.field(name)), 'MAP-005/MAP-064 the later run adds the field "fee" and the deleted "share", not the deleted "mass" the schema lacks, and keeps every other field as it is');
      expectField(after, things, it.field('Share'), { type: 'svc/decimal' }, 'the field "share" an administrator deleted is created again by the next run');
      expectFormat(after, things, it.field('Share'), PERCENT, 'the field "share" created again takes its format');
      expectFormat(after, things, it.field('Price'), MONEY, 'MAP-005 the format applies only to newly created fields: the existing field Price keeps its format');
      expectField(after, things, it.field('Fee'), { type: 'svc/decimal', metaExactly: { 'svc/format': OTHER_MONEY } }, 'MAP-005 the newly created field Fee takes its format');

      // MAP-064: "phone" keeps its field Phone, "parentId" its relation, "label" stays a text field.
      expectField(after, things, it.field('Phone'), { type: 'svc/text', metaExactly: { 'svc/format': PHONE } }, 'MAP-064 the field "phone", renamed Telephone by the app, keeps its workspace field');
      expectField(after, things, it.field('Parent Id key'), { type: 'svc/text' }, 'MAP-064 the relation "parentId", a plain text field in the later schema, keeps its key field');
      expectField(after, things, it.field('Parent'), { type: things, collection: false }, 'MAP-064 the relation "parentId", a plain text field in the later schema, keeps its relation field');
      expectField(after, things, it.field('Label'), { type: 'svc/text', metaExactly: {} }, 'MAP-064 the text field "label", a relation in the later schema, stays a text field');
      for (const name of ['Telephone', 'Parent Id', 'Label key', 'Labelled', 'Labels']) {
        if (after.field(things, it.field(name))) fail(`MAP-064: the later schema changed the name of "phone" and the type of "parentId" and "label", so no field is created for them; yet ${things} has a field ${it.field(name)}`, after.res);
      }
      const rows = await it.byKey('thing', 'Id', after);
      const t2 = rows.get('t2');
      const t3 = String(rows.get('t3')?.['svc/id']);
      const parent = t2?.[it.field('Parent')];
      if (t2?.[it.field('Phone')] !== '+1 555 0100' || t2[it.field('Label')] !== 'changed' || t2[it.field('Parent Id key')] !== 't3' || !isRecord(parent) || parent['svc/id'] !== t3) {
        fail(
          `MAP-064: t2 (phone "+1 555 0100", label "changed", parentId "t3") should be written as before the schema changed: Phone "+1 555 0100", Label "changed", Parent Id key "t3" and Parent the Entity of t3 (${t3}); it is ${JSON.stringify(t2)}`,
          lastResponse(ctx),
        );
      }

      // A field an administrator creates later under the name Mass, which the sync's field "mass" (deleted, gone from the schema) had, is the administrator's: a value in it protects t1 (SYNC-004).
      const mass = it.field('Mass');
      expectSuccess(await schemaBatch(ctx, [{ command: 'schema.field/create', args: { 'svc/holder-type': things, 'svc/name': mass, 'svc/type': 'svc/text' } }]), `creating a text field ${mass} as an administrator`);
      await run(ctx, { command: 'svc.entity/update', args: { type: things, entity: { 'svc/id': String(rows.get('t1')?.['svc/id']), [mass]: 'set by hand' } } }, `setting the administrator's ${mass} of t1`);
      it.app.change({ thing: { delete: ['t1'] } });
      await it.sync(`a sync after an administrator created a text field ${mass} (the name of the deleted field of "mass", which the schema lacks) with a value on t1, and t1 was deleted in the app`);
      const t1 = (await it.byKey('thing')).get('t1');
      if (deletedMark(t1, it.field('deleted in source')) !== 'yes' || t1?.[mass] !== 'set by hand') {
        fail(`SYNC-004: t1, deleted in the app, has a value in the administrator's field ${mass} (created after the sync's field of that name was deleted): it should stay with "deleted in source" "yes" and keep "set by hand"; it is ${JSON.stringify(t1 ?? null)}`, lastResponse(ctx));
      }
    });
  },
});
