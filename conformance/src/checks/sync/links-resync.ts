import { isDeepStrictEqual } from 'node:util';
import { fail } from '../../assert.js';
import { defineCheck, type CheckContext } from '../../check.js';
import { Receiver } from '../../receiver.js';
import { isRecord, type JsonRecord } from '../../shapes.js';
import { addHook, delivered, removeHook, type Effect, type Hook } from '../webhooks/support.js';
import type { SyncRun } from './admin.js';
import { lastResponse, testUsers, withIntegration, withUsers, type TestUser } from './integration.js';
import type { AppDataRow } from './mock.js';
import { MULTI_OPTIONS, SELECT_OPTIONS, WORKFLOW_OPTIONS, buildScenario, keyAndName } from './scenarios.js';
import { comparable, rawSnapshot, type RawSnapshot, type Snapshot } from './snapshot.js';

/** The values a task holds, as snapshot.ts shows them: options by name, links by `<type>:<key>`, users by `outside:<svc/id>`. */
type Expected = Record<string, unknown>;

function scenario(ada: TestUser, bob: TestUser) {
  const task = (id: string, values: AppDataRow): AppDataRow => ({ id, name: `Task ${id}`, ...values });
  return buildScenario({
    description: 'Select, people and relation values of rows synchronized again: unchanged, changed, cleared, and linked to a target that comes later.',
    types: [
      { id: 'task', name: 'Tasks' },
      { id: 'project', name: 'Projects' },
    ],
    schema: {
      task: keyAndName({
        priority: { name: 'Priority', type: 'text', subType: 'single-select', options: SELECT_OPTIONS },
        labels: { name: 'Labels', type: 'array[text]', subType: 'multi-select', options: MULTI_OPTIONS },
        state: { name: 'State', type: 'text', subType: 'workflow', options: WORKFLOW_OPTIONS },
        owner: { name: 'Owner', type: 'text', relation: { cardinality: 'many-to-one', name: 'Owner', targetType: 'svc/user', targetFieldId: 'user/email', kind: 'native' } },
        watchers: { name: 'Watchers', type: 'array[text]', relation: { cardinality: 'many-to-many', name: 'Watchers', targetType: 'svc/user', targetFieldId: 'user/name', kind: 'native' } },
        projectId: { name: 'Project Id', type: 'text', relation: { cardinality: 'many-to-one', name: 'Project', targetType: 'project', targetName: 'Tasks', targetFieldId: 'id' } },
        related: { name: 'Related', type: 'array[text]', relation: { cardinality: 'many-to-many', name: 'Related projects', targetType: 'project', targetName: 'Related tasks', targetFieldId: 'id' } },
        leadOf: { name: 'Lead Of', type: 'text', relation: { cardinality: 'one-to-one', name: 'Leads', targetType: 'project', targetName: 'Lead task', targetFieldId: 'id' } },
      }),
      project: keyAndName(),
    },
    rows: {
      task: [
        task('t1', { priority: 'High', labels: ['red', 'blue'], state: 'Doing', owner: ada.email, watchers: [ada.name, bob.name], projectId: 'p1', related: ['p1', 'p2'], leadOf: 'p1' }),
        task('t2', { priority: 'Low', labels: ['green'], state: 'Open', owner: bob.email, watchers: [bob.name], projectId: 'p2', related: '["p2"]', leadOf: 'p2' }),
        // p3 does not exist yet: no link until it comes.
        task('t3', { projectId: 'p3', related: ['p3', 'p1'] }),
        task('t5', { projectId: 7, related: [7, '7', ' p1 '] }),
        // t1's people and projects in the other order: of t1 and t6 one holds its links out of id order, whatever ids the server gave.
        task('t6', { watchers: [bob.name, ada.name], related: ['p2', 'p1'] }),
      ],
      project: [
        { id: 'p1', name: 'Apollo' },
        { id: 'p2', name: 'Gemini' },
        // A number key: relation keys given as numbers name it.
        { id: 7, name: 'Seven' },
      ],
    },
    supportsDelta: false,
  });
}

/** The svc/id of the Entity of a row in a raw snapshot ('' when the row has none). */
function entityId(raw: RawSnapshot, type: string, key: string): string {
  const id = raw[type]?.[key]?.['svc/id'];
  return typeof id === 'string' ? id : '';
}

/** The effects of run `runId` at the webhook, once one on the Entity `last` (changed at the end of the run) has arrived. */
async function effectsOfRun(receiver: Receiver, hook: Hook, last: string, runId: number): Promise<Effect[]> {
  const correlationId = `svc-sync/${runId}`;
  const effects = () => delivered(receiver, hook).flatMap((r) => (r.delivery.command.correlationId === correlationId ? r.delivery.effects : []));
  await receiver.waitFor(() => effects().some((e) => e.id === last), { what: `an effect of run ${runId} on the Entity ${last} at webhook ${hook.id} (${hook.type})` });
  return effects();
}

function refSet(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
  return list.map((v) => (isRecord(v) ? String(v['svc/id']) : JSON.stringify(v))).sort();
}

/**
 * The links the run set at its end are reported as svc.entity/update effects of the Entity, with the relation's new value in `values` and the
 * old one in `valuesBefore`: t3's Project (none -> p3) and Related projects ([p1] -> [p1, p3]); t1, t5 and t6, delivered unchanged, get no effect
 * (t1 and t6 hold the same links in opposite orders: a comparison that minds the order rewrites one of them).
 */
function expectLinkEffects(ctx: CheckContext, effects: Effect[], after: RawSnapshot, field: (name: string) => string, runId: number): void {
  const t3 = entityId(after, 'task', 't3');
  const [p1, p3] = [entityId(after, 'project', 'p1'), entityId(after, 'project', 'p3')];
  const mine = effects.filter((e) => e.id === t3);
  const other = mine.find((e) => e.effect !== 'svc.entity/update');
  if (other) fail(`MAP-074/WH-022: run ${runId} set the links of task t3 at its end; it should report them as svc.entity/update effects of t3, it reported ${JSON.stringify(other)}`, lastResponse(ctx));
  const values: Record<string, unknown> = {};
  const valuesBefore: Record<string, unknown> = {};
  for (const effect of mine) {
    if (effect.effect !== 'svc.entity/update') continue;
    Object.assign(values, effect.values);
    Object.assign(valuesBefore, effect.valuesBefore);
  }
  const expected: Array<[string, string[], string[]]> = [
    [field('Project'), [p3], []],
    [field('Related projects'), [p1, p3].sort(), [p1]],
  ];
  for (const [name, now, was] of expected) {
    const shown = `values ${JSON.stringify(values[name])}, valuesBefore ${JSON.stringify(valuesBefore[name])}`;
    if (!(name in values) || !(name in valuesBefore) || !isDeepStrictEqual(refSet(values[name]), now) || !isDeepStrictEqual(refSet(valuesBefore[name]), was)) {
      fail(`MAP-074/WH-018: run ${runId} linked task t3's ${name} at its end (p1 is ${p1}, p3 is ${p3}); its svc.entity/update effects show ${shown}, expected the new value ${JSON.stringify(now)} and the old one ${JSON.stringify(was)}`, lastResponse(ctx));
    }
  }
  for (const key of ['t1', 't5', 't6']) {
    const id = entityId(after, 'task', key);
    const noise = effects.filter((e) => e.id === id);
    if (noise.length > 0) fail(`MAP-074/SYNC-011: task ${key} was delivered unchanged and keeps its links, yet run ${runId} reported ${JSON.stringify(noise)}`, lastResponse(ctx));
  }
}

export default defineCheck({
  id: 'sync.links-resync',
  name:
    'Select, workflow, multi select, people and integration relation values (many-to-one, many-to-many, one-to-one) of rows synchronized again: an unchanged row leaves its Entity untouched ' +
    '(svc/modification-date too), changed and cleared values change its links, keys given as a JSON array or its text (repeats and blanks around keys dropped, numbers as their text), and a key whose target row comes in a later run links then; ' +
    'a run with no change in the app changes no Entity; the links a run sets at its end are reported to webhooks as svc.entity/update effects with the new and the old value, and none for links left as they were',
  level: 'MUST',
  area: 'mapping',
  requirements: ['MAP-020', 'MAP-023', 'MAP-029', 'MAP-044', 'MAP-045', 'MAP-046', 'MAP-048', 'MAP-049', 'MAP-050', 'MAP-074', 'SYNC-011', 'WH-018', 'WH-022'],
  target: 'server',
  async run(ctx) {
    const users = testUsers(2);
    const [ada, bob] = users as [TestUser, TestUser];
    await withUsers(ctx, users, (ids) =>
      withIntegration(ctx, scenario(ada, bob), {}, async (it) => {
        const user = (u: TestUser) => `outside:${ids.get(u.email) ?? ''}`;
        const names: Record<string, string> = { [user(ada)]: 'ada', [user(bob)]: 'bob' };
        const view = (value: unknown) => JSON.stringify(value, (_k, v: unknown) => (typeof v === 'string' && names[v] ? names[v] : v));
        const expectTasks = (got: Snapshot, expected: Record<string, Expected>, when: string) => {
          for (const [key, fields] of Object.entries(expected)) {
            const row = got['task']?.[key];
            if (!row) fail(`${when}: the task ${key} is not in ${it.database('task')}`, lastResponse(ctx));
            for (const [field, want] of Object.entries(fields)) {
              if (!isDeepStrictEqual(row[field] ?? null, want)) fail(`${when}: task ${key} holds ${field} ${view(row[field] ?? null)}, expected ${view(want)}`, lastResponse(ctx));
            }
          }
        };
        const untouched = (before: RawSnapshot, after: RawSnapshot, keys: Array<[string, string]>, when: string) => {
          for (const [type, key] of keys) {
            const [old, now] = [before[type]?.[key], after[type]?.[key]] as [JsonRecord | undefined, JsonRecord | undefined];
            if (!isDeepStrictEqual(old, now)) {
              const changed = Object.keys({ ...old, ...now }).filter((f) => !isDeepStrictEqual(old?.[f], now?.[f]));
              fail(`${when}: the ${type} ${key} was delivered unchanged, yet its Entity changed in ${changed.map((f) => `${f} (${JSON.stringify(old?.[f])} -> ${JSON.stringify(now?.[f])})`).join(', ')}`, lastResponse(ctx));
            }
          }
        };

        // The schema does not change after the first run: read once.
        const schema = await it.schema();
        const read = async () => {
          const raw = await rawSnapshot(ctx, it.space, it.source.databases, schema);
          return { raw, values: comparable(schema, raw, it.space, it.source.databases) };
        };
        const { raw: before, values: first } = await read();
        const none = { Priority: null, Labels: [], State: 'Open', Owner: [], Watchers: [], 'Project Id key': null, Project: [], 'Related projects': [], Leads: [] };
        expectTasks(
          first,
          {
            t1: { Priority: 'High', Labels: ['blue', 'red'], State: 'Doing', Owner: [user(ada)], Watchers: [user(ada), user(bob)].sort(), Project: ['project:p1'], 'Related projects': ['project:p1', 'project:p2'], Leads: ['project:p1'] },
            t2: { Priority: 'Low', Labels: ['green'], State: 'Open', Owner: [user(bob)], Watchers: [user(bob)], Project: ['project:p2'], 'Related projects': ['project:p2'], Leads: ['project:p2'] },
            t3: { ...none, 'Project Id key': 'p3', Project: [], 'Related projects': ['project:p1'] },
            t5: { ...none, 'Project Id key': '7', Project: ['project:7'], 'Related projects': ['project:7', 'project:p1'] },
            t6: { ...none, Watchers: [user(ada), user(bob)].sort(), 'Related projects': ['project:p1', 'project:p2'] },
          },
          'MAP-049 after the first sync',
        );

        it.app.change({
          task: {
            update: [{ id: 't2', priority: 'High', labels: [], state: 'Closed', owner: '', watchers: [ada.name, bob.name, ada.name], projectId: 'p1', related: [], leadOf: '' }],
            create: [{ id: 't4', name: 'Task t4', related: '["p1", "p1", "p2"]', leadOf: 'p3' }],
          },
          project: { create: [{ id: 'p3', name: 'Mercury' }] },
        });
        // A webhook on the tasks shows what the run reports of the links it sets at its end.
        const receiver = await Receiver.start();
        const hook = await addHook(ctx, receiver, it.database('task'));
        let second: SyncRun;
        let after: RawSnapshot;
        let secondValues: Snapshot;
        let runEffects: Effect[];
        try {
          second = await it.sync('a full sync after t2 changed or cleared every value, t4 came, and the project p3 that t3 names came');
          ({ raw: after, values: secondValues } = await read());
          runEffects = await effectsOfRun(receiver, hook, entityId(after, 'task', 't3'), second.id);
        } finally {
          await removeHook(ctx, hook);
          await receiver.close();
        }
        // t2 is the one Entity the rows change (t3 and t4 are linked by key at the end of the run, t1 and t6 are delivered unchanged).
        if (second.stats.updated !== 1 || second.stats.created !== 2) fail(`SYNC-011: the second run reports updated ${second.stats.updated} and created ${second.stats.created}, expected 1 (t2) and 2 (t4, p3)`, lastResponse(ctx));
        expectTasks(
          secondValues,
          {
            t1: { Priority: 'High', Labels: ['blue', 'red'], Project: ['project:p1'], 'Related projects': ['project:p1', 'project:p2'], Leads: ['project:p1'] },
            t2: { ...none, Priority: 'High', State: 'Closed', Watchers: [user(ada), user(bob)].sort(), 'Project Id key': 'p1', Project: ['project:p1'] },
            t3: { 'Project Id key': 'p3', Project: ['project:p3'], 'Related projects': ['project:p1', 'project:p3'] },
            t4: { ...none, 'Related projects': ['project:p1', 'project:p2'], Leads: ['project:p3'] },
          },
          'MAP-020/MAP-029/MAP-044/MAP-049 after the second sync',
        );
        untouched(before, after, [['task', 't1'], ['task', 't6']], 'SYNC-011 the second sync');
        expectLinkEffects(ctx, runEffects, after, it.field, second.id);

        const third = await it.sync('a full sync with no change in the app');
        if (third.stats.updated !== 0 || third.stats.created !== 0 || third.stats.removed !== 0) fail(`SYNC-011: a run with no change in the app reports ${JSON.stringify(third.stats)}; it updates, creates and removes nothing`, lastResponse(ctx));
        untouched(after, (await read()).raw, [...['t1', 't2', 't3', 't4', 't5', 't6'].map((k): [string, string] => ['task', k]), ...['p1', 'p2', 'p3', '7'].map((k): [string, string] => ['project', k])], 'SYNC-011 a sync with no change in the app');
      }),
    );
  },
});
