import { expectSuccess, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { run, schemaBatch } from '../../workspace.js';
import { deletedMark, expectKeys } from './expect-entities.js';
import { lastResponse, withIntegration } from './integration.js';
import { RICH_TEXT_TYPE } from './read.js';
import { expectField, expectFieldNames } from './schema-expect.js';
import { buildScenario, keyAndName } from './scenarios.js';

const SCENARIO = buildScenario({
  description: 'Two types with a few rows each.',
  types: [
    { id: 'project', name: 'Projects' },
    { id: 'person', name: 'People' },
  ],
  schema: { project: keyAndName({ budget: { name: 'Budget', type: 'number' }, about: { name: 'About', type: 'text', subType: 'md' } }), person: keyAndName() },
  rows: {
    project: [
      { id: 'p1', name: 'Apollo', budget: 10, about: 'The *first* one' },
      { id: 'p2', name: 'Gemini', budget: 20.5 },
      { id: 'p3', name: 'Mercury' },
    ],
    person: [
      { id: 1, name: 'Ada' },
      { id: 2, name: 'Grace' },
    ],
  },
});

/** The metadata a sync gives the fields every synchronized Database has (spec/integrations.md, "Fields"). */
const KEY_META = { 'svc/readonly?': true, 'integration/locked?': true };

export default defineCheck({
  id: 'sync.mapping-databases',
  name:
    'A sync creates one Database <Space>/<type name> per type of the source (named in the source\'s "databases"), with the fields <Space>/<field name> (the key read-only and locked: neither renamed nor deleted) and the text field ' +
    '<Space>/deleted in source, and each delivered row becomes one Entity holding its values; a Database or field an administrator deleted is created again by the next run, and a field an ' +
    'administrator put under a synchronized field\'s name with another type is the administrator\'s (it protects its Entity) while the synchronized field comes back as " (2)"',
  level: 'MUST',
  area: 'sync',
  requirements: ['SYNC-011', 'SYNC-006', 'MAP-061', 'MAP-062', 'MAP-063', 'MAP-051', 'SYNC-004', 'MAP-076'],
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
        expectField(view, expected, it.field('Id'), { type: 'svc/text', metaExactly: KEY_META }, `SYNC-011/MAP-061: the key field "id" of type "${type.id}" (read-only and locked)`);
        expectField(view, expected, it.field('Name'), { type: 'svc/text', metaExactly: { 'ui/title?': true } }, `SYNC-011: the field "name" of type "${type.id}"`);
        expectField(view, expected, it.field('deleted in source'), { type: 'svc/text', metaExactly: {} }, `SYNC-006: every synchronized Database has the text field "deleted in source"`);
        expectField(view, expected, it.field('__syncAction'), { type: 'svc/text', metaExactly: { 'svc/hidden?': true } }, `MAP-051: every synchronized Database has the hidden text field "__syncAction"`);
      }
      const projects = it.database('project');
      // MAP-076: the locked key field can be neither renamed nor deleted.
      for (const [what, op, argument] of [
        ['renaming', { command: 'schema.field/rename' as const, args: { 'holder-type': projects, 'from-name': it.field('Id'), 'to-name': `${it.field('Id')} renamed` } }, 'from-name'],
        ['deleting', { command: 'schema.field/delete' as const, args: { 'holder-type': projects, name: it.field('Id') } }, 'name'],
      ] as const) {
        const res = await schemaBatch(ctx, [op]);
        const body = res.json;
        const error = isRecord(body) && body['success'] !== true && isRecord(body['result']) ? body['result'] : undefined;
        if (error?.['name'] !== 'schema.error/definition-invalid' || !isRecord(error['data']) || error['data']['field'] !== argument) {
          fail(`MAP-076: ${what} the locked key field ${it.field('Id')} of ${projects} answered ${JSON.stringify(body).slice(0, 300)}, expected schema.error/definition-invalid naming "${argument}"`, res);
        }
      }
      expectField(await it.schema(), projects, it.field('Id'), { type: 'svc/text', metaExactly: KEY_META }, 'MAP-076: the locked key field after the refused rename and delete');
      expectField(view, projects, it.field('Budget'), { type: 'svc/decimal', metaExactly: {} }, 'SYNC-011: the field "budget" of type "project"');
      expectField(view, projects, it.field('About'), { type: RICH_TEXT_TYPE, metaExactly: {} }, 'SYNC-011: the field "about" of type "project"');
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

      // An administrator deletes the Database of "person" and the fields "deleted in source" and __syncAction of Projects, and puts
      // a text field Budget and a text field About in place of the synchronized number and rich text fields (MAP-062, MAP-063).
      const people = it.database('person');
      const budget = it.field('Budget');
      const about = it.field('About');
      const field = (name: string, type: string) => ({ command: 'schema.field/create' as const, args: { 'svc/holder-type': projects, 'svc/name': name, 'svc/type': type } });
      const drop = (name: string) => ({ command: 'schema.field/delete' as const, args: { 'holder-type': projects, name } });
      expectSuccess(
        await schemaBatch(ctx, [
          { command: 'schema.type/delete', args: { name: people } },
          drop(it.field('deleted in source')),
          drop(it.field('__syncAction')),
          drop(budget),
          drop(about),
          field(budget, 'svc/text'),
          field(about, 'svc/text'),
        ]),
        `deleting ${people}, the fields "deleted in source", __syncAction, Budget and About of ${projects}, and creating text fields ${budget} and ${about} as an administrator`,
      );
      const p1 = String((await it.byKey('project')).get('p1')?.['svc/id']);
      await run(ctx, { command: 'svc.entity/update', args: { type: projects, entity: { 'svc/id': p1, [budget]: 'set by hand' } } }, `setting the administrator's ${budget} of p1`);
      it.app.change({ project: { update: [{ id: 'p3', budget: 30, about: 'Third' }], delete: ['p1', 'p2'] }, person: { update: [{ id: 1, name: 'Ada L.' }] } });
      await it.sync('a sync after an administrator deleted a Database and fields and replaced two fields, and the app changed p3 and Ada and deleted p1 and p2');

      const after = await it.schema();
      after.requireType(people, `MAP-062: the Database ${people} an administrator deleted is created by the next run`);
      const common = ['Id', 'Name', 'deleted in source', '__syncAction'];
      expectFieldNames(after, people, common.map((name) => it.field(name)), `MAP-062: the Database ${people} created again`);
      expectFieldNames(after, projects, [...common, 'Budget', 'About', 'Budget (2)', 'About (2)'].map((name) => it.field(name)), `MAP-062/MAP-063: ${projects} after the run that followed the administrator's changes`);
      expectField(after, people, it.field('Id'), { type: 'svc/text', metaExactly: KEY_META }, `MAP-062: the key field of the Database ${people} created again`);
      const ada = (await it.byKey('person', 'Id', after)).get('1');
      if (ada?.[it.field('Name')] !== 'Ada L.') fail(`MAP-062: the Database ${people} created again should hold the row 1 the run delivered, with Name "Ada L."; it holds ${JSON.stringify(ada ?? null)}`, lastResponse(ctx));
      expectField(after, projects, it.field('deleted in source'), { type: 'svc/text', metaExactly: {} }, 'MAP-062: the field "deleted in source" an administrator deleted is created again');
      expectField(after, projects, it.field('__syncAction'), { type: 'svc/text', metaExactly: { 'svc/hidden?': true } }, 'MAP-062: the hidden field __syncAction an administrator deleted is created again');
      expectField(after, projects, budget, { type: 'svc/text' }, `MAP-063: the administrator's text field ${budget} stays`);
      expectField(after, projects, it.field('Budget (2)'), { type: 'svc/decimal', metaExactly: {} }, `MAP-063: the number field "budget", whose name an administrator's text field holds, is created again as "Budget (2)"`);
      expectField(after, projects, about, { type: 'svc/text' }, `MAP-063: the administrator's text field ${about} stays`);
      expectField(after, projects, it.field('About (2)'), { type: RICH_TEXT_TYPE, metaExactly: {} }, `MAP-063: the rich text field "about", whose name an administrator's text field holds, is created again as "About (2)"`);

      const rows = await it.byKey('project', 'Id', after);
      expectKeys(rows, ['p1', 'p3'], 'SYNC-004/MAP-063: after p1 and p2 were deleted in the app, p1 (a value in the administrator\'s field Budget) stays and p2 is removed', lastResponse(ctx));
      const mark = it.field('deleted in source');
      if (deletedMark(rows.get('p1'), mark) !== 'yes' || rows.get('p1')?.[budget] !== 'set by hand') {
        fail(`SYNC-004/MAP-063: p1, kept for its value in the administrator's ${budget}, should have "deleted in source" "yes" and keep "set by hand"; it has ${JSON.stringify(rows.get('p1'))}`, lastResponse(ctx));
      }
      const p3 = rows.get('p3');
      if (p3?.[it.field('Budget (2)')] !== 30 || (p3[budget] ?? null) !== null || deletedMark(p3, mark) !== 'no') {
        fail(`MAP-063: the delivered row p3 (budget 30) should write 30 into ${it.field('Budget (2)')}, leave the administrator's ${budget} empty and have "deleted in source" "no"; it has ${JSON.stringify(p3)}`, lastResponse(ctx));
      }
    });
  },
});
