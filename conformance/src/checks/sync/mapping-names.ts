import { expectSuccess, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { schemaBatch, uniqueSpaceName } from '../../workspace.js';
import { addAccount } from './admin.js';
import { addTestSource, integrationOf, lastResponse, withMockApp } from './integration.js';
import { ACCOUNT_TYPE, GOOD_TOKEN, buildScenario, keyAndName } from './scenarios.js';

/** 199 characters, then an emoji whose second half would be the 201st: a cut at 200 must not split it. */
const LONG_TYPE = `${'T'.repeat(199)}😀`;
/** A field name whose cut at the bound ends in a blank (dropped). */
const longField = (room: number) => `${'F'.repeat(room - 1)} tail`;

function scenario(space: string) {
  const room = 200 - space.length - 1;
  return {
    room,
    scenario: buildScenario({
      description: 'Names that collide, lack a name, carry blanks or run past the bound.',
      types: [
        { id: 'thing', name: '  Things  ' },
        { id: 'other', name: '' },
        { id: 'long', name: LONG_TYPE },
      ],
      schema: {
        thing: keyAndName({
          dupA: { name: 'Dup', type: 'text' },
          dupB: { name: 'Dup', type: 'text' },
          dupC: { name: ' Dup ', type: 'text' },
          noName: { name: '  ', type: 'text' },
          mark: { name: 'deleted in source', type: 'text' },
          long: { name: longField(room), type: 'text' },
          longToo: { name: longField(room), type: 'text' },
          // A character of two UTF-16 units early in a name past the bound: the cut keeps every unit after it.
          emojiLong: { name: `😀${'E'.repeat(room + 5)}`, type: 'text' },
          // A select field takes the next free name too, and its enum type is named after it.
          dupS: { name: 'Dup', type: 'text', subType: 'single-select' },
        }),
        other: keyAndName(),
        long: keyAndName(),
      },
      rows: {
        thing: [{ id: 't1', name: 'One', dupA: 'a', dupB: 'b', dupC: 'c', noName: 'n', mark: 'm', long: 'l1', longToo: 'l2', emojiLong: 'e', dupS: 's' }],
        other: [{ id: 'o1', name: 'Other one' }],
        long: [{ id: 'x1', name: 'Long one' }],
      },
    }),
  };
}

export default defineCheck({
  id: 'sync.mapping-names',
  name:
    'Database and field names: <Space>/<type name> (trimmed; the type id when the name is empty), " (2)" when an administrator\'s Database holds the name; <Space>/<field name> ' +
    '(trimmed; the field id when the name is blank), " (2)", " (3)" for names taken in the type (also "deleted in source", also by a select field, whose enum type <Space>/<Field>_<Database> follows its name); ' +
    'names cut at 200 characters without splitting a character or ending in a blank, ' +
    'the suffix inside the bound; each row value lands in the field of its own app field',
  level: 'MUST',
  area: 'sync',
  requirements: ['SYNC-011', 'SYNC-006', 'MAP-020'],
  target: 'server',
  async run(ctx) {
    const space = uniqueSpaceName(ctx);
    const { scenario: sc, room } = scenario(space);
    await withMockApp(ctx, sc, async (app, leftovers) => {
      leftovers.spaces.push(space);
      const taken = `${space}/Things`;
      expectSuccess(await schemaBatch(ctx, [{ command: 'schema.type/create', args: { 'svc/name': taken } }]), `creating the Database ${taken} as an administrator`);
      const account = await addAccount(ctx, { appUrl: app.url, accountType: ACCOUNT_TYPE, fields: { token: GOOD_TOKEN } });
      leftovers.accounts.push(account.id);
      const source = await addTestSource(ctx, leftovers, { accountId: account.id, types: ['thing', 'other', 'long'], space });
      const it = integrationOf(ctx, app, account, source, () => Promise.reject(new Error('not used')));
      await it.sync('the first sync');

      const databases = { thing: `${space}/Things (2)`, other: `${space}/other`, long: `${space}/${'T'.repeat(199)}` };
      for (const [type, expected] of Object.entries(databases)) {
        if (source.databases[type] !== expected) fail(`the Database of type "${type}" is ${JSON.stringify(source.databases[type])}, expected ${JSON.stringify(expected)}`, lastResponse(ctx));
      }
      const view = await it.schema();
      view.requireType(databases.long, 'the Database of type "long"');
      const cut = 'F'.repeat(room - 1);
      const fields: Record<string, string> = {
        Dup: 'a',
        'Dup (2)': 'b',
        'Dup (3)': 'c',
        noName: 'n',
        'deleted in source (2)': 'm',
        'deleted in source': 'no',
        [cut]: 'l1',
        [`${'F'.repeat(room - 4)} (2)`]: 'l2',
        [`😀${'E'.repeat(room - 2)}`]: 'e',
      };
      const row = (await it.byKey('thing')).get('t1');
      if (!row) fail(`the row t1 is not in ${databases.thing}`, lastResponse(ctx));
      for (const [name, value] of Object.entries(fields)) {
        view.requireField(databases.thing, `${space}/${name}`, `the field ${JSON.stringify(name)} of type "thing"`);
        if (row[`${space}/${name}`] !== value) fail(`the field ${space}/${name} of row t1 holds ${JSON.stringify(row[`${space}/${name}`])}, expected ${JSON.stringify(value)}`, lastResponse(ctx));
      }
      const select = view.requireField(databases.thing, `${space}/Dup (4)`, 'the single select field "dupS" named "Dup" (taken three times)');
      const enumType = `${space}/Dup (4)_${databases.thing}`;
      if (select['svc/type'] !== enumType) fail(`the single select "dupS" (field ${space}/Dup (4)) is a relation to ${JSON.stringify(select['svc/type'])}; its enum type is <Space>/<Field>_<Database>: ${JSON.stringify(enumType)}`, view.res);
      const option = row[`${space}/Dup (4)`];
      if (!isRecord(option) || option['enum/name'] !== 's') fail(`the field ${space}/Dup (4) of row t1 holds ${JSON.stringify(option)}, expected the option "s"`, lastResponse(ctx));
    });
  },
});
