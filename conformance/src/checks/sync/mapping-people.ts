import { isDeepStrictEqual } from 'node:util';
import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { lastResponse, type TestUser, testUsers, withIntegration, withUsers } from './integration.js';
import { USER_TYPE } from './read.js';
import { expectField } from './schema-expect.js';
import { oneTypeScenario } from './scenarios.js';

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
    '(case-sensitively) when targetFieldId is user/email, else the user whose user/name equals it; a value without a matching user links nothing',
  level: 'MUST',
  area: 'mapping',
  requirements: ['MAP-044', 'MAP-045', 'MAP-046', 'MAP-047'],
  target: 'server',
  async run(ctx) {
    const users = testUsers(2);
    await withUsers(ctx, users, async (userIds) => {
      const [ada, bob] = users.map((u) => userIds.get(u.email) ?? '') as [string, string];
      await withIntegration(ctx, scenario(users), {}, async (it) => {
        const view = await it.schema();
        const things = it.database('thing');
        expectField(view, things, it.field('Owner'), { type: USER_TYPE, collection: false }, 'MAP-044 the many-to-one people relation "owner"');
        expectField(view, things, it.field('Watchers'), { type: USER_TYPE, collection: true }, 'MAP-045 the many-to-many people relation "watchers"');
        expectField(view, things, it.field('Reviewer'), { type: USER_TYPE, collection: false }, 'MAP-047 the people relation "reviewer" (targetFieldId "name")');
        const entities = await it.byKey('thing');
        const expected: Record<string, Record<string, string[]>> = {
          t1: { Owner: [ada], Watchers: [ada, bob].sort(), Reviewer: [bob] },
          t2: { Owner: [], Watchers: [bob], Reviewer: [] },
          t3: { Owner: [], Watchers: [], Reviewer: [] },
          t4: { Owner: [], Watchers: [bob], Reviewer: [], Cc: [ada, bob].sort() },
          t5: { Watchers: [], Cc: [bob] },
        };
        const why: Record<string, string> = {
          Owner: 'MAP-046 matched by user/email, case-sensitively',
          Watchers: 'MAP-045/MAP-047 matched by user/name',
          Reviewer: 'MAP-047 targetFieldId "name": matched by user/name',
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
