/**
 * What a full run's removal leaves for the runs after it: the row keys of the Entities it removed,
 * of the protected ones it kept (marked), and of one an administrator deleted by hand, seen through
 * integration relations that still name those keys and through the rows coming back.
 */
import { expectSuccess, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord, type JsonRecord } from '../../shapes.js';
import { run, schemaBatch } from '../../workspace.js';
import { deletedMark, expectKeys } from './expect-entities.js';
import { lastResponse, withIntegration } from './integration.js';
import { deleteByHand } from './protection.js';
import { buildScenario, keyAndName } from './scenarios.js';

const SCENARIO = buildScenario({
  description: 'Projects and tasks that name them (an integration relation), always full: projects go and come back while the tasks still name them.',
  types: [
    { id: 'task', name: 'Tasks' },
    { id: 'project', name: 'Projects' },
  ],
  schema: {
    task: keyAndName({ projectId: { name: 'Project Id', type: 'text', relation: { cardinality: 'many-to-one', name: 'Project', targetType: 'project', targetName: 'Tasks', targetFieldId: 'id' } } }),
    project: keyAndName(),
  },
  rows: {
    task: [
      { id: 't1', name: 'Task 1', projectId: 'p1' },
      { id: 't2', name: 'Task 2', projectId: 'p2' },
      { id: 't3', name: 'Task 3', projectId: 'p3' },
    ],
    project: [
      { id: 'p1', name: 'Apollo' },
      { id: 'p2', name: 'Gemini' },
      { id: 'p3', name: 'Mercury' },
      { id: 'p4', name: 'Vostok' },
    ],
  },
  supportsDelta: false,
});

/** The svc/id a many-to-one relation value links, or null. */
function linked(value: unknown): string | null {
  return isRecord(value) && typeof value['svc/id'] === 'string' ? value['svc/id'] : null;
}

export default defineCheck({
  id: 'sync.full-removal-keys',
  name:
    'After a full sync removed the Entities of rows it no longer delivers (p2), kept a protected one marked "deleted in source" (p1) and met one an administrator had deleted by hand (p4): ' +
    'the run succeeds and counts one removed and one marked; a task whose relation names the kept row stays linked to it, one naming the removed row links nothing; ' +
    'when the rows come back the kept row updates its Entity (mark "no") and the removed one becomes a new Entity the task links to, one Entity per row',
  level: 'MUST',
  area: 'sync',
  requirements: ['SYNC-004', 'SYNC-006', 'SYNC-007', 'SYNC-008', 'SYNC-011', 'SYNC-018', 'MAP-049'],
  target: 'server',
  async run(ctx) {
    await withIntegration(ctx, SCENARIO, {}, async (it) => {
      const projects = it.database('project');
      const note = it.field('Admin note');
      const project = it.field('Project');
      const mark = it.field('deleted in source');
      expectSuccess(
        await schemaBatch(ctx, [{ command: 'schema.field/create', args: { 'svc/holder-type': projects, 'svc/name': note, 'svc/type': 'svc/text' } }]),
        `adding the field ${note} to ${projects} as an administrator`,
      );
      const first = await it.byKey('project');
      const idOf = (key: string) => String(first.get(key)?.['svc/id']);
      await run(ctx, { command: 'svc.entity/update', args: { type: projects, entity: { 'svc/id': idOf('p1'), [note]: 'kept by hand' } } }, 'setting a value of the administrator field on project p1');
      await deleteByHand(ctx, it, 'project', 'p4', idOf('p4'));

      it.app.change({ project: { delete: ['p1', 'p2', 'p4'] } });
      const removal = await it.sync(
        'SYNC-008 a full sync after the projects p1 (protected by an administrator value), p2 and p4 (deleted by hand in the workspace already) were deleted in the app, the tasks still naming p1 and p2',
      );
      const after = await it.byKey('project');
      expectKeys(after, ['p1', 'p3'], 'SYNC-004/SYNC-008 after the full sync: p1 kept (protected), p2 removed, p4 gone already', lastResponse(ctx));
      if (after.get('p1')?.['svc/id'] !== idOf('p1') || deletedMark(after.get('p1'), mark) !== 'yes') {
        fail(`SYNC-004/SYNC-006: the protected project p1 should stay as the same Entity (${idOf('p1')}) with "deleted in source" "yes"; it is ${JSON.stringify(after.get('p1') ?? null)}`, lastResponse(ctx));
      }
      if (removal.stats.removed !== 1 || removal.stats.markedDeleted !== 1) {
        fail(`SYNC-018: the run removed p2 and marked p1 (p4 was deleted by hand before it); it reports removed ${removal.stats.removed} and markedDeleted ${removal.stats.markedDeleted}, expected 1 and 1`, lastResponse(ctx));
      }
      const tasks = await it.byKey('task');
      const links = (entities: Map<string, JsonRecord>) => Object.fromEntries(['t1', 't2', 't3'].map((key) => [key, linked(entities.get(key)?.[project])]));
      const expectedLinks = { t1: idOf('p1'), t2: null, t3: idOf('p3') };
      if (JSON.stringify(links(tasks)) !== JSON.stringify(expectedLinks)) {
        fail(
          `MAP-049/SYNC-004: after the full sync the tasks link the projects ${JSON.stringify(links(tasks))}, expected ${JSON.stringify(expectedLinks)}: t1 names the kept project p1, which is still its Entity; ` +
            't2 names the removed project p2, which has no Entity now',
          lastResponse(ctx),
        );
      }

      it.app.change({ project: { create: [{ id: 'p1', name: 'Apollo' }, { id: 'p2', name: 'Gemini again' }] } });
      const back = await it.sync('a full sync after the projects p1 and p2 came back in the app');
      const again = await it.byKey('project');
      expectKeys(again, ['p1', 'p2', 'p3'], 'SYNC-011 after p1 and p2 came back: one Entity per row', lastResponse(ctx));
      if (again.get('p1')?.['svc/id'] !== idOf('p1') || deletedMark(again.get('p1'), mark) !== 'no') {
        fail(`SYNC-006: the row p1 came back; it should update its kept Entity ${idOf('p1')} and set "deleted in source" back to "no"; the Database holds ${JSON.stringify(again.get('p1') ?? null)}`, lastResponse(ctx));
      }
      const p2 = again.get('p2');
      if (!p2 || p2['svc/id'] === idOf('p2') || p2[it.field('Name')] !== 'Gemini again') {
        fail(`SYNC-008/SYNC-011: the row p2, whose Entity the earlier run removed, came back; it should become a new Entity with its values, the Database holds ${JSON.stringify(p2 ?? null)}`, lastResponse(ctx));
      }
      if (back.stats.created !== 1 || back.stats.removed !== 0) fail(`SYNC-018: the run that got p1 and p2 back reports created ${back.stats.created} and removed ${back.stats.removed}, expected 1 (p2; p1 updates its kept Entity) and 0`, lastResponse(ctx));
      const relinked = links(await it.byKey('task'));
      const wanted = { t1: idOf('p1'), t2: String(p2['svc/id']), t3: idOf('p3') };
      if (JSON.stringify(relinked) !== JSON.stringify(wanted)) fail(`MAP-049: after p2 came back the tasks link the projects ${JSON.stringify(relinked)}, expected ${JSON.stringify(wanted)} (t2 links the new Entity of p2)`, lastResponse(ctx));
    });
  },
});
