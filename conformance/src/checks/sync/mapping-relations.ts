import { isDeepStrictEqual } from 'node:util';
import { expectSuccess, fail } from '../../assert.js';
import { defineCheck, type CheckContext } from '../../check.js';
import { isRecord, type JsonRecord } from '../../shapes.js';
import { run, schemaBatch } from '../../workspace.js';
import { deletedMark, expectKeys } from './expect-entities.js';
import { lastResponse, withIntegration } from './integration.js';
import { expectField } from './schema-expect.js';
import { buildScenario, keyAndName } from './scenarios.js';
import { fieldDelete } from '../../model/schema.js';

// `task` is synchronized before `project`, the type its relations point at: links are set at the end of the run.
const SCENARIO = buildScenario({
  description: 'Integration relations between types of the source, and one to a type outside it.',
  types: [
    { id: 'task', name: 'Tasks' },
    { id: 'project', name: 'Projects' },
    { id: 'team', name: 'Teams' },
  ],
  schema: {
    task: keyAndName({
      projectId: { name: 'Project Id', type: 'text', relation: { cardinality: 'many-to-one', name: 'Project', targetType: 'project', targetName: 'Tasks', targetFieldId: 'id' } },
      // readonly: the key field and both ends are locked.
      leadOf: { name: 'Lead Of', type: 'text', readonly: true, relation: { cardinality: 'one-to-one', name: 'Leads', targetType: 'project', targetName: 'Lead task', targetFieldId: 'id' } },
      teamId: { name: 'Team Id', type: 'text', relation: { cardinality: 'many-to-one', name: 'Team', targetType: 'team', targetName: 'Team tasks', targetFieldId: 'id' } },
      // Neither name nor targetName: the relation field is "Related Ids", the target's field "Tasks" (taken: "Tasks (2)").
      relatedIds: { name: 'Related Ids', type: 'array[text]', relation: { cardinality: 'many-to-many', targetType: 'project', targetFieldId: 'id' } },
    }),
    project: keyAndName(),
    team: keyAndName(),
  },
  rows: {
    task: [
      // Many-to-many values: an array (keys trimmed, empty ones dropped), its JSON text with blanks around it, one key, one number.
      { id: 't1', name: 'One', projectId: 'p1', leadOf: 'p1', teamId: 'x', relatedIds: ['p1', ' p2 ', '', null] },
      { id: 't2', name: 'Two', projectId: 'p1', leadOf: 'p2', relatedIds: ' ["p2"] ' },
      { id: 't3', name: 'Three', projectId: ' p2 ', relatedIds: 'p1' },
      { id: 't4', name: 'Four', projectId: 'p9', relatedIds: 7 },
      // A many-to-one value is one key, whatever it holds.
      { id: 't5', name: 'Five', projectId: '["p2"]' },
    ],
    project: [
      { id: 'p1', name: 'Apollo' },
      { id: 'p2', name: 'Gemini' },
    ],
    team: [{ id: 'x', name: 'Team X' }],
  },
});

function refIds(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
  return list.map((v) => (isRecord(v) ? String(v['svc/id']) : String(v))).sort();
}

function idOf(ctx: CheckContext, entities: Map<string, JsonRecord>, key: string, what: string): string {
  const entity = entities.get(key);
  if (!entity) fail(`${what}: the row ${key} was not synchronized`, lastResponse(ctx));
  return String(entity['svc/id']);
}

export default defineCheck({
  id: 'sync.mapping-relations',
  name:
    'An integration relation (a text field with a relation to another type of the source) creates a hidden text field "<field name> key" holding the key, the relation field ' +
    '<Space>/<relation.name> and the collection <Space>/<relation.targetName> on the target (one-to-one: a single value), linked by key at the end of the run even when the target type is synchronized later; ' +
    'a relation to a type outside the source keeps only its key; without relation.name and targetName the ends take the field\'s and the type\'s names, keys are trimmed, a many-to-many value is an array, its JSON text or one key, ' +
    'readonly locks the key field and both ends, and links in these fields protect nothing while a field an administrator put in place of a key or relation field is the administrator\'s (a value in it protects); keys written by hand into a key field (one key in a many-to-many one) link at the end of a delta run ' +
    'that delivers none of the rows but new Entities of the target type',
  level: 'MUST',
  area: 'mapping',
  requirements: ['MAP-048', 'MAP-049', 'MAP-050', 'MAP-069', 'MAP-074', 'SYNC-004', 'MAP-063'],
  target: 'server',
  async run(ctx) {
    await withIntegration(ctx, SCENARIO, { types: ['task', 'project'] }, async (it) => {
      const view = await it.schema();
      const tasks = it.database('task');
      const projects = it.database('project');
      const hidden = { 'svc/hidden?': true };
      const locked = { 'integration/locked?': true };
      const collection = { 'svc/collection?': true };
      expectField(view, tasks, it.field('Project Id key'), { type: 'svc/text', metaExactly: hidden }, 'MAP-048 the key field of the relation "projectId"');
      const project = expectField(view, tasks, it.field('Project'), { type: projects, collection: false, metaExactly: {} }, 'MAP-049 the relation field "Project" (relation.name) of "projectId"');
      const back = expectField(view, projects, it.field('Tasks'), { type: tasks, collection: true, metaExactly: collection }, 'MAP-050 the collection "Tasks" (relation.targetName) on the target of "projectId"');
      const relation = project['svc/meta']['svc/relation'];
      if (typeof relation !== 'string' || back['svc/meta']['svc/relation'] !== relation) {
        fail(`MAP-050: the relation field ${it.field('Project')} (svc/relation ${JSON.stringify(relation)}) and the collection ${it.field('Tasks')} (svc/relation ${JSON.stringify(back['svc/meta']['svc/relation'])}) should be the two ends of one relation`, view.res);
      }
      expectField(view, tasks, it.field('Lead Of key'), { type: 'svc/text', metaExactly: { ...hidden, ...locked } }, 'MAP-048/MAP-069 the key field of the read-only one-to-one relation "leadOf"');
      expectField(view, tasks, it.field('Leads'), { type: projects, collection: false, metaExactly: locked }, 'MAP-049/MAP-069 the relation field "Leads" of the read-only one-to-one relation "leadOf" (locked)');
      expectField(view, projects, it.field('Lead task'), { type: tasks, collection: false, metaExactly: locked }, 'MAP-050/MAP-069 the read-only one-to-one relation "leadOf": its target field "Lead task" is a single value, locked');
      expectField(view, tasks, it.field('Team Id key'), { type: 'svc/text', metaExactly: hidden }, 'MAP-048 the key field of "teamId", whose target type is not in the source');
      if (view.field(tasks, it.field('Team'))) fail('the relation "teamId" points at a type outside the source: it should keep only its key field, yet a relation field "Team" was created', view.res);
      expectField(view, tasks, it.field('Related Ids key'), { type: 'svc/text', metaExactly: hidden }, 'MAP-048 the key field of the many-to-many relation "relatedIds"');
      expectField(view, tasks, it.field('Related Ids'), { type: projects, collection: true, metaExactly: collection }, 'MAP-069 the many-to-many relation "relatedIds" without relation.name: its relation field takes the field\'s name');
      expectField(view, projects, it.field('Tasks (2)'), { type: tasks, collection: true, metaExactly: collection }, 'MAP-069 the relation "relatedIds" without relation.targetName: the target\'s field takes the type name "Tasks", taken, so "Tasks (2)"');

      const taskRows = await it.byKey('task');
      const projectRows = await it.byKey('project');
      const p1 = idOf(ctx, projectRows, 'p1', 'the project');
      const p2 = idOf(ctx, projectRows, 'p2', 'the project');
      // A row without a value of a relation has no key in its key field.
      const keys: Array<[string, string, string | null]> = [
        ['t3', 'Lead Of key', null],
        ['t5', 'Related Ids key', null],
        ['t1', 'Project Id key', 'p1'],
        ['t3', 'Project Id key', 'p2'],
        ['t4', 'Project Id key', 'p9'],
        ['t5', 'Project Id key', '["p2"]'],
        ['t1', 'Related Ids key', '["p1","p2"]'],
        ['t2', 'Related Ids key', '["p2"]'],
        ['t3', 'Related Ids key', '["p1"]'],
        ['t4', 'Related Ids key', '["7"]'],
      ];
      for (const [key, field, want] of keys) {
        const got = taskRows.get(key)?.[it.field(field)] ?? null;
        if (got !== want) fail(`MAP-048/MAP-069: the key field ${field} of task ${key} holds ${JSON.stringify(got)}, expected ${JSON.stringify(want)} (keys trimmed; many-to-many: the JSON array of the keys)`, lastResponse(ctx));
      }
      const links: Array<[string, string, string[]]> = [
        ['t1', 'Project', [p1]],
        ['t2', 'Project', [p1]],
        ['t3', 'Project', [p2]],
        ['t4', 'Project', []],
        ['t5', 'Project', []],
        ['t3', 'Leads', []],
        ['t5', 'Related Ids', []],
        ['t1', 'Leads', [p1]],
        ['t2', 'Leads', [p2]],
        ['t1', 'Related Ids', [p1, p2].sort()],
        ['t2', 'Related Ids', [p2]],
        ['t3', 'Related Ids', [p1]],
        ['t4', 'Related Ids', []],
      ];
      for (const [key, name, want] of links) {
        const got = refIds(taskRows.get(key)?.[it.field(name)]);
        if (!isDeepStrictEqual(got, want)) fail(`MAP-049: task ${key} links ${name} to ${JSON.stringify(got)}, expected ${JSON.stringify(want)} (p1 is ${p1}, p2 is ${p2}; t4's keys "p9" and "7" and t5's key '["p2"]' match no project)`, lastResponse(ctx));
      }
      const t = (key: string) => idOf(ctx, taskRows, key, 'the task');
      const backLinks: Array<[string, string, string[]]> = [
        ['p1', 'Tasks', [t('t1'), t('t2')].sort()],
        ['p2', 'Tasks', [t('t3')]],
        ['p1', 'Lead task', [t('t1')]],
        ['p2', 'Lead task', [t('t2')]],
        ['p1', 'Tasks (2)', [t('t1'), t('t3')].sort()],
        ['p2', 'Tasks (2)', [t('t1'), t('t2')].sort()],
      ];
      for (const [key, name, want] of backLinks) {
        const got = refIds(projectRows.get(key)?.[it.field(name)]);
        if (!isDeepStrictEqual(got, want)) fail(`MAP-050: project ${key} holds ${name} ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`, lastResponse(ctx));
      }

      // Links come from the key fields as they hold at the end of a run: keys written into them by hand link, in a delta run that delivers
      // no task, once the target type got new Entities: one key (not a JSON array) in t5's many-to-many key field, and t4's the number 7.
      const keyWrites: Array<[string, string]> = [
        ['t5', 'p1'],
        ['t4', '7'],
      ];
      for (const [key, value] of keyWrites) {
        await run(ctx, { command: 'svc.entity/update', args: { type: tasks, entity: { 'svc/id': t(key), [it.field('Related Ids key')]: value } } }, `writing ${JSON.stringify(value)} into the key field Related Ids key of task ${key}`);
      }
      it.app.change({ project: { create: [{ id: 7, name: 'Seven' }] } });
      await it.sync('a delta sync that delivers only the new project 7, after keys were written by hand into the key fields of t4 and t5');
      const p7 = idOf(ctx, await it.byKey('project'), '7', 'the project');
      const relinked = await it.byKey('task');
      const handLinks: Array<[string, string[], string]> = [
        ['t5', [p1], 'the one key "p1" (not a JSON array) in its many-to-many key field'],
        ['t4', [p7], 'the key "7" in its many-to-many key field, which names the new project 7'],
      ];
      for (const [key, want, why] of handLinks) {
        const got = refIds(relinked.get(key)?.[it.field('Related Ids')]);
        if (!isDeepStrictEqual(got, want)) fail(`MAP-074: after a run in which the projects got new Entities, task ${key} links Related Ids to ${JSON.stringify(got)}, expected ${JSON.stringify(want)}: ${why} (p1 is ${p1}, 7 is ${p7})`, lastResponse(ctx));
      }

      // The relation fields are the sync's own: a link in them protects nothing. t3 (linked to p1 and p2) is deleted in the app.
      it.app.change({ task: { delete: ['t3'] } });
      await it.sync('a sync after the task t3, which links projects through the synchronized relations, was deleted in the app');
      const tasksAfter = await it.byKey('task');
      expectKeys(tasksAfter, ['t1', 't2', 't4', 't5'], 'SYNC-004: links in the relation fields the sync created protect nothing: t3, deleted in the app, is removed', lastResponse(ctx));

      // An administrator puts an integer field in place of the key field of "teamId" (a relation to a type outside the source) and a text field in place of
      // the relation field "Related Ids" (its key field stays): both are the administrator's, and a value in them protects (MAP-063). t2, t4, t5 are deleted in the app.
      const teamKey = it.field('Team Id key');
      const related = it.field('Related Ids');
      const replace = (name: string, type: string) => [
        fieldDelete(tasks, name),
        { command: 'schema.field/create' as const, args: { 'svc/holder-type': tasks, 'svc/name': name, 'svc/type': type } },
      ];
      expectSuccess(await schemaBatch(ctx, [...replace(teamKey, 'svc/integer'), ...replace(related, 'svc/text')]), `putting an integer field ${teamKey} and a text field ${related} in place of the synchronized ones of ${tasks} as an administrator`);
      const byHand: Array<[string, string, unknown]> = [['t4', teamKey, 5], ['t5', related, 'set by hand']];
      for (const [key, name, value] of byHand) {
        await run(ctx, { command: 'svc.entity/update', args: { type: tasks, entity: { 'svc/id': String(tasksAfter.get(key)?.['svc/id']), [name]: value } } }, `setting the administrator's ${name} of task ${key}`);
      }
      it.app.change({ task: { delete: ['t2', 't4', 't5'] } });
      await it.sync(`a sync after an administrator replaced ${teamKey} and ${related} and the tasks t2, t4 and t5 were deleted in the app`);
      const replaced = await it.schema();
      expectField(replaced, tasks, it.field('Team Id key (2)'), { type: 'svc/text', metaExactly: hidden }, `MAP-063: the key field of "teamId", whose name the administrator's integer field holds, is created again as "Team Id key (2)"`);
      expectField(replaced, tasks, it.field('Related Ids (2)'), { type: projects, collection: true, metaExactly: collection }, `MAP-063: the relation field of "relatedIds", whose name the administrator's text field holds, is created again as "Related Ids (2)"`);
      const kept = await it.byKey('task', 'Id', replaced);
      expectKeys(kept, ['t1', 't4', 't5'], `SYNC-004/MAP-063: of the tasks deleted in the app, t4 and t5 (a value in the administrator's ${teamKey} and ${related}) stay and t2 (links in synchronized fields only) is removed`, lastResponse(ctx));
      for (const [key, name, value] of byHand) {
        const mark = deletedMark(kept.get(key), it.field('deleted in source'));
        if (mark !== 'yes' || kept.get(key)?.[name] !== value) fail(`SYNC-004/MAP-063: task ${key}, kept for its value in the administrator's ${name}, should have "deleted in source" "yes" and keep ${JSON.stringify(value)}; it has ${JSON.stringify(kept.get(key))}`, lastResponse(ctx));
      }
    });
  },
});
