import { isDeepStrictEqual } from 'node:util';
import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { lastResponse, type TestUser, testUsers, withIntegration, withUsers } from './integration.js';
import { USER_TYPE } from './read.js';
import { expectField } from './schema-expect.js';
import { oneTypeScenario } from './scenarios.js';

/** Names a by-name value lists besides one that matches: 499 more, so that the value holds 500 names. */
const UNKNOWN = Array.from({ length: 499 }, (_, i) => `Nobody ${i}`);

function scenario(users: TestUser[]) {
  const [ada, bob] = users as [TestUser, TestUser];
  return oneTypeScenario(
    'People relations matched by e-mail and by name.',
    {
      owner: { name: 'Owner', type: 'text', relation: { cardinality: 'many-to-one', name: 'Owner', targetType: 'svc/user', targetFieldId: 'user/email', kind: 'native' } },
      watchers: { name: 'Watchers', type: 'array[text]', relation: { cardinality: 'many-to-many', name: 'Watchers', targetType: 'svc/user', targetFieldId: 'user/name', kind: 'native' } },
      reviewer: { name: 'Reviewer', type: 'text', relation: { cardinality: 'many-to-one', name: 'Reviewer', targetType: 'svc/user', targetFieldId: 'name', kind: 'native' } },
      cc: { name: 'Cc', type: 'array[text]', relation: { cardinality: 'many-to-many', name: 'Cc', targetType: 'svc/user', targetFieldId: 'user/email', kind: 'native' } },
    },
    [
      { id: 't1', name: 'One', owner: ada.email, watchers: [ada.name, bob.name], reviewer: bob.name },
      // E-mails match case-sensitively; a targetFieldId other than user/email matches names, not e-mails.
      { id: 't2', name: 'Two', owner: bob.email.toUpperCase(), watchers: [bob.name, 'Nobody at all'], reviewer: ada.email },
      { id: 't3', name: 'Three', owner: 'nobody@example.org', watchers: [] },
      // Several e-mails in one text are a comma-separated list; a name in a text is one name (names may hold commas).
      { id: 't4', name: 'Four', watchers: bob.name, cc: `${ada.email}, ${bob.email}` },
      { id: 't5', name: 'Five', watchers: `${ada.name}, ${bob.name}`, cc: JSON.stringify([bob.email]) },
      // A many-to-one value is one e-mail or name whatever it holds; a many-to-many JSON text may have blanks around it.
      { id: 't6', name: 'Six', owner: `${ada.email}, ${bob.email}`, reviewer: JSON.stringify([bob.name]), watchers: ` ${JSON.stringify([ada.name])} `, cc: ` ${JSON.stringify([ada.email])} ` },
      // 500 names, one of them a user's.
      { id: 't7', name: 'Seven', watchers: [...UNKNOWN.slice(0, 250), ada.name, ...UNKNOWN.slice(250)] },
    ],
  );
}

function ids(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
  return list.map((v) => (isRecord(v) ? String(v['svc/id']) : String(v))).sort();
}

export default defineCheck({
  id: 'sync.mapping-people',
  name:
    'A people relation (kind native, targetType svc/user) becomes a relation to svc/user (a collection for many-to-many) linking the user whose user/email equals the value ' +
    '(case-sensitively) when targetFieldId is user/email, else the user whose user/name equals it (of several, the one created first); a value without a matching user links nothing; a many-to-one value is one e-mail or name, ' +
    'a many-to-many one an array (500 names too), its JSON text (blanks around it allowed) or by e-mail a comma-separated text',
  level: 'MUST',
  area: 'mapping',
  requirements: ['MAP-044', 'MAP-045', 'MAP-046', 'MAP-047', 'MAP-068'],
  target: 'server',
  async run(ctx) {
    // The third user has the second one's name and is created after it: a value of that name links the second (MAP-068).
    const users = testUsers(3);
    const [, second, twin] = users as [TestUser, TestUser, TestUser];
    twin.name = second.name;
    await withUsers(ctx, users, async (userIds) => {
      const [ada, bob] = users.map((u) => userIds.get(u.email) ?? '') as [string, string];
      await withIntegration(ctx, scenario(users), {}, async (it) => {
        const view = await it.schema();
        const things = it.database('thing');
        const many = { 'svc/collection?': true };
        expectField(view, things, it.field('Owner'), { type: USER_TYPE, collection: false, metaExactly: {} }, 'MAP-044 the many-to-one people relation "owner"');
        expectField(view, things, it.field('Watchers'), { type: USER_TYPE, collection: true, metaExactly: many }, 'MAP-045 the many-to-many people relation "watchers"');
        expectField(view, things, it.field('Reviewer'), { type: USER_TYPE, collection: false, metaExactly: {} }, 'MAP-047 the people relation "reviewer" (targetFieldId "name")');
        expectField(view, things, it.field('Cc'), { type: USER_TYPE, collection: true, metaExactly: many }, 'MAP-045 the many-to-many people relation "cc"');
        const entities = await it.byKey('thing');
        const expected: Record<string, Record<string, string[]>> = {
          t1: { Owner: [ada], Watchers: [ada, bob].sort(), Reviewer: [bob] },
          t2: { Owner: [], Watchers: [bob], Reviewer: [] },
          t3: { Owner: [], Watchers: [], Reviewer: [] },
          t4: { Owner: [], Watchers: [bob], Reviewer: [], Cc: [ada, bob].sort() },
          t5: { Watchers: [], Cc: [bob] },
          t6: { Owner: [], Reviewer: [], Watchers: [ada], Cc: [ada] },
          t7: { Watchers: [ada] },
        };
        const why: Record<string, string> = {
          Owner: 'MAP-046/MAP-068 matched by user/email, case-sensitively; a many-to-one value is one e-mail',
          Watchers: 'MAP-045/MAP-047/MAP-068 matched by user/name (a JSON array of any length, or its text with blanks around it; of two users of one name, the one created first)',
          Reviewer: 'MAP-047/MAP-068 targetFieldId "name": matched by user/name; a many-to-one value is one name',
          Cc: 'MAP-045/MAP-046 many-to-many by user/email: a JSON array, its text, or a comma-separated text',
        };
        for (const [key, fields] of Object.entries(expected)) {
          const entity = entities.get(key);
          if (!entity) fail(`the row ${key} was not synchronized into ${things}`, lastResponse(ctx));
          for (const [name, want] of Object.entries(fields)) {
            const got = ids(entity[it.field(name)]);
            if (!isDeepStrictEqual(got, want)) {
              fail(`${why[name]}: the Entity of row ${key} links ${name} to ${JSON.stringify(got)}, expected ${JSON.stringify(want)} (users: ${JSON.stringify(users)} are ${ada} and ${bob})`, lastResponse(ctx));
            }
          }
        }
      });
    });
  },
});
