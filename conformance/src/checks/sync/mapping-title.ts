import { expectSuccess, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { typeDelete } from '../../model/schema.js';
import { schemaBatch } from '../../workspace.js';
import { getSource } from './admin.js';
import { lastResponse, withIntegration } from './integration.js';
import { expectField } from './schema-expect.js';
import { buildScenario, keyAndName } from './scenarios.js';

const SCENARIO = buildScenario({
  description: 'The title field: `name` by default, a text field with subType title instead.',
  types: [
    { id: 'plain', name: 'Plain' },
    { id: 'titled', name: 'Titled' },
  ],
  schema: {
    plain: keyAndName({ note: { name: 'Note', type: 'text' } }),
    titled: keyAndName({ headline: { name: 'Headline', type: 'text', subType: 'title' } }),
  },
  rows: {
    plain: [{ id: 'a', name: 'A plain row', note: 'x' }],
    titled: [{ id: 'b', name: 'B', headline: 'The headline of B' }],
  },
});

export default defineCheck({
  id: 'sync.mapping-title',
  name:
    'The field with id "name" becomes the Database\'s title field (ui/title?), unless a text field has subType title: that field is the title instead, and the only one; a subType title field a later schema adds ' +
    'is created without ui/title? (the Database keeps its one title field); a Database created again after an administrator put an enum type under its name (whose enum/name is a title field) ' +
    'has its own title field',
  level: 'MUST',
  area: 'mapping',
  requirements: ['MAP-042', 'MAP-043', 'MAP-070', 'MAP-062'],
  target: 'server',
  async run(ctx) {
    await withIntegration(ctx, SCENARIO, {}, async (it) => {
      const view = await it.schema();
      const plain = it.database('plain');
      const titled = it.database('titled');
      expectField(view, plain, it.field('Name'), { type: 'svc/text', meta: { 'ui/title?': true } }, 'MAP-042 the field "name" is the title');
      expectField(view, plain, it.field('Note'), { notMeta: ['ui/title?'] }, 'MAP-042 only "name" is the title');
      expectField(view, titled, it.field('Headline'), { type: 'svc/text', meta: { 'ui/title?': true } }, 'MAP-043 the text field "headline" with subType title is the title');
      expectField(view, titled, it.field('Name'), { notMeta: ['ui/title?'] }, 'MAP-043 a subType title field overrides "name" as the title');
      for (const database of [plain, titled]) {
        const titles = view.requireType(database, 'the title fields')['svc/fields'].filter((f) => f['svc/meta']['ui/title?'] === true).map((f) => f['svc/name']);
        if (titles.length !== 1) fail(`MAP-042/MAP-043: ${database} should have exactly one title field; it has ${JSON.stringify(titles)}`, view.res);
      }
      const entity = (await it.byKey('titled')).get('b');
      if (entity?.[it.field('Headline')] !== 'The headline of B') fail(`MAP-043: the title field Headline holds ${JSON.stringify(entity?.[it.field('Headline')])}, the row has "The headline of B"`, lastResponse(ctx));

      // A later schema gives "plain" a field with subType title: Name keeps the title (an existing field is never changed), and the new field is created without it.
      const schema = it.app.scenario.schema['plain'];
      if (!schema) fail('the mock app lost the schema of "plain"', lastResponse(ctx));
      schema['subject'] = { name: 'Subject', type: 'text', subType: 'title' };
      await it.sync('a sync after the app added the field "subject" with subType title to "plain"');
      const after = await it.schema();
      expectField(after, plain, it.field('Name'), { type: 'svc/text', metaExactly: { 'ui/title?': true } }, 'MAP-005/MAP-070 the existing title field Name keeps its title');
      expectField(after, plain, it.field('Subject'), { type: 'svc/text', metaExactly: {} }, 'MAP-070 the field "subject" with subType title a later schema adds is created without ui/title?: the Database has its title field');

      // An administrator deletes the Database of "plain" and creates an enum type under its name (its enum/name is the enum's title field): the next run
      // creates the Database again under another name, with its own title field: "subject", which the schema now gives subType title (the enum's fields are no fields of that Database).
      expectSuccess(
        await schemaBatch(ctx, [typeDelete(plain), { command: 'schema.enum/create', args: { 'svc/name': plain, 'svc/values': [{ 'enum/name': 'Taken' }] } }]),
        `deleting the Database ${plain} and creating an enum type ${plain} as an administrator`,
      );
      await it.sync(`a sync after an administrator replaced the Database ${plain} by an enum type of that name`);
      const again = (await getSource(ctx, it.source.id)).databases['plain'];
      if (typeof again !== 'string' || again === plain) fail(`MAP-062: after an administrator replaced the Database ${plain} by an enum type of that name, the source names the Database of "plain" ${JSON.stringify(again)}; the run creates it again under a free name`, lastResponse(ctx));
      const recreated = await it.schema();
      expectField(recreated, again, it.field('Subject'), { type: 'svc/text', metaExactly: { 'ui/title?': true } }, `MAP-043/MAP-062 the field "subject" (subType title) of the Database ${again}, created again while an enum type (whose enum/name is its title) holds the name ${plain}, is its title`);
      const titles = recreated.requireType(again, 'the title fields')['svc/fields'].filter((f) => f['svc/meta']['ui/title?'] === true).map((f) => f['svc/name']);
      if (titles.length !== 1) fail(`MAP-043: the Database ${again}, created again, should have exactly one title field; it has ${JSON.stringify(titles)}`, recreated.res);
    });
  },
});
