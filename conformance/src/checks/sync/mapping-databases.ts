import { expectSuccess, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { run, schemaBatch, uniqueSpaceName } from '../../workspace.js';
import { deletedMark, expectKeys } from './expect-entities.js';
import { lastResponse, withIntegration } from './integration.js';
import { RICH_TEXT_TYPE } from './read.js';
import { expectField, expectFieldNames } from './schema-expect.js';
import { buildScenario, keyAndName } from './scenarios.js';
import { fieldDelete, typeDelete } from '../../model/schema.js';

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
      { id: 'p4', name: 'Vostok' },
      { id: 'p5', name: 'Soyuz' },
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
    'administrator put under a synchronized field\'s name with another type (a value field, "deleted in source", __syncAction) is the administrator\'s (it protects its Entity) while the synchronized field comes back as " (2)"; a collection of Entities one page created, written over the command API, is answered as a query reads it',
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
        ['deleting', fieldDelete(projects, it.field('Id')), 'name'],
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

      // The Entities of one page share their creation time: a collection of them, written in another order, is answered as a query
      // reads it, then by svc/id (spec/query-semantics.md, "Writes").
      const holderSpace = uniqueSpaceName(ctx);
      const [holder, picks] = [`${holderSpace}/Holder`, `${holderSpace}/Picks`];
      expectSuccess(
        await schemaBatch(ctx, [{ command: 'schema.type/create', args: { 'svc/name': holder, 'svc/fields': [{ 'svc/name': picks, 'svc/type': projects, 'svc/meta': { 'svc/collection?': true } }] } }]),
        `creating ${holder} with a collection of ${projects}`,
      );
      try {
        // Out of svc/id order both ways (sorting them compares earlier with later ids and later with earlier).
        const ascending = [...(await it.byKey('project')).values()].map((e) => String(e['svc/id'])).sort();
        const synced = [2, 0, 4, 1, 3].map((i) => ascending[i]).filter((id): id is string => id !== undefined);
        const made = await run(ctx, { command: 'svc.entity/create', args: { type: holder, entity: { [picks]: synced.map((id) => ({ 'svc/id': id })) } } }, `creating a ${holder} with the synchronized projects`);
        const read = await run(ctx, { command: 'svc.entity/query', args: { query: { 'q/from': holder, 'q/select': [picks], 'q/limit': 10 } } }, `reading ${holder}`);
        const answered = isRecord(made) ? JSON.stringify(made[picks]) : undefined;
        const readBack = Array.isArray(read) && isRecord(read[0]) ? JSON.stringify(read[0][picks]) : undefined;
        if (answered !== readBack) fail(`svc.entity/create of ${picks} with the synchronized projects out of svc/id order answered ${answered}; a query reads ${readBack}: the create answers a collection as a read gives it (creation order, then svc/id)`, lastResponse(ctx));
      } finally {
        await schemaBatch(ctx, [typeDelete(holder)]);
      }

      // An administrator deletes the Database of "person", and puts a text field Budget and a text field About in place of the synchronized
      // number and rich text fields and integer fields "deleted in source" and __syncAction in place of the synchronized text fields (MAP-062, MAP-063).
      const people = it.database('person');
      const budget = it.field('Budget');
      const about = it.field('About');
      const flag = it.field('deleted in source');
      const action = it.field('__syncAction');
      const field = (name: string, type: string) => ({ command: 'schema.field/create' as const, args: { 'svc/holder-type': projects, 'svc/name': name, 'svc/type': type } });
      const drop = (name: string) => (fieldDelete(projects, name));
      expectSuccess(
        await schemaBatch(ctx, [
          typeDelete(people),
          drop(flag),
          drop(action),
          drop(budget),
          drop(about),
          field(budget, 'svc/text'),
          field(about, 'svc/text'),
          field(flag, 'svc/integer'),
          field(action, 'svc/integer'),
        ]),
        `deleting ${people}, the fields ${flag}, ${action}, Budget and About of ${projects}, and creating text fields ${budget} and ${about} and integer fields ${flag} and ${action} as an administrator`,
      );
      const before = await it.byKey('project');
      const byHand: Array<[string, string, unknown]> = [['p1', budget, 'set by hand'], ['p2', flag, 7], ['p4', action, 8]];
      for (const [key, name, value] of byHand) {
        await run(ctx, { command: 'svc.entity/update', args: { type: projects, entity: { 'svc/id': String(before.get(key)?.['svc/id']), [name]: value } } }, `setting the administrator's ${name} of ${key}`);
      }
      it.app.change({ project: { update: [{ id: 'p3', budget: 30, about: 'Third' }], delete: ['p1', 'p2', 'p4', 'p5'] }, person: { update: [{ id: 1, name: 'Ada L.' }] } });
      await it.sync('a sync after an administrator deleted a Database and replaced four fields, and the app changed p3 and Ada and deleted p1, p2, p4 and p5');

      const after = await it.schema();
      after.requireType(people, `MAP-062: the Database ${people} an administrator deleted is created by the next run`);
      const common = ['Id', 'Name', 'deleted in source', '__syncAction'];
      expectFieldNames(after, people, common.map((name) => it.field(name)), `MAP-062: the Database ${people} created again`);
      const replaced = ['deleted in source (2)', '__syncAction (2)', 'Budget (2)', 'About (2)'];
      expectFieldNames(after, projects, [...common, 'Budget', 'About', ...replaced].map((name) => it.field(name)), `MAP-062/MAP-063: ${projects} after the run that followed the administrator's changes`);
      expectField(after, people, it.field('Id'), { type: 'svc/text', metaExactly: KEY_META }, `MAP-062: the key field of the Database ${people} created again`);
      const ada = (await it.byKey('person', 'Id', after)).get('1');
      if (ada?.[it.field('Name')] !== 'Ada L.') fail(`MAP-062: the Database ${people} created again should hold the row 1 the run delivered, with Name "Ada L."; it holds ${JSON.stringify(ada ?? null)}`, lastResponse(ctx));
      expectField(after, projects, flag, { type: 'svc/integer' }, `MAP-063: the administrator's integer field ${flag} stays`);
      expectField(after, projects, it.field('deleted in source (2)'), { type: 'svc/text', metaExactly: {} }, 'MAP-063: the field "deleted in source", whose name an administrator\'s integer field holds, is created again as "deleted in source (2)"');
      expectField(after, projects, action, { type: 'svc/integer' }, `MAP-063: the administrator's integer field ${action} stays`);
      expectField(after, projects, it.field('__syncAction (2)'), { type: 'svc/text', metaExactly: { 'svc/hidden?': true } }, 'MAP-063: the hidden field __syncAction, whose name an administrator\'s integer field holds, is created again as "__syncAction (2)"');
      expectField(after, projects, budget, { type: 'svc/text' }, `MAP-063: the administrator's text field ${budget} stays`);
      expectField(after, projects, it.field('Budget (2)'), { type: 'svc/decimal', metaExactly: {} }, `MAP-063: the number field "budget", whose name an administrator's text field holds, is created again as "Budget (2)"`);
      expectField(after, projects, about, { type: 'svc/text' }, `MAP-063: the administrator's text field ${about} stays`);
      expectField(after, projects, it.field('About (2)'), { type: RICH_TEXT_TYPE, metaExactly: {} }, `MAP-063: the rich text field "about", whose name an administrator's text field holds, is created again as "About (2)"`);

      const rows = await it.byKey('project', 'Id', after);
      expectKeys(
        rows,
        ['p1', 'p2', 'p3', 'p4'],
        `SYNC-004/MAP-063: after p1, p2, p4 and p5 were deleted in the app, p1, p2 and p4 (a value in the administrator's field Budget, ${flag}, ${action}) stay and p5 is removed`,
        lastResponse(ctx),
      );
      const mark = it.field('deleted in source (2)');
      for (const [key, name, value] of byHand) {
        if (deletedMark(rows.get(key), mark) !== 'yes' || rows.get(key)?.[name] !== value) {
          fail(`SYNC-004/MAP-063: ${key}, kept for its value in the administrator's ${name}, should have ${mark} "yes" and keep ${JSON.stringify(value)}; it has ${JSON.stringify(rows.get(key))}`, lastResponse(ctx));
        }
      }
      const p3 = rows.get('p3');
      if (p3?.[it.field('Budget (2)')] !== 30 || (p3[budget] ?? null) !== null || deletedMark(p3, mark) !== 'no') {
        fail(`MAP-063: the delivered row p3 (budget 30) should write 30 into ${it.field('Budget (2)')}, leave the administrator's ${budget} empty and have "deleted in source" "no"; it has ${JSON.stringify(p3)}`, lastResponse(ctx));
      }
    });
  },
});
