import { isDeepStrictEqual } from 'node:util';
import { fail } from '../../assert.js';
import { defineCheck, type CheckContext } from '../../check.js';
import { isRecord, type JsonRecord } from '../../shapes.js';
import { lastResponse, withIntegration } from './integration.js';
import { expectField } from './schema-expect.js';
import { buildScenario, keyAndName } from './scenarios.js';

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
      leadOf: { name: 'Lead Of', type: 'text', relation: { cardinality: 'one-to-one', name: 'Leads', targetType: 'project', targetName: 'Lead task', targetFieldId: 'id' } },
      teamId: { name: 'Team Id', type: 'text', relation: { cardinality: 'many-to-one', name: 'Team', targetType: 'team', targetName: 'Team tasks', targetFieldId: 'id' } },
    }),
    project: keyAndName(),
    team: keyAndName(),
  },
  rows: {
    task: [
      { id: 't1', name: 'One', projectId: 'p1', leadOf: 'p1', teamId: 'x' },
      { id: 't2', name: 'Two', projectId: 'p1', leadOf: 'p2' },
      { id: 't3', name: 'Three', projectId: 'p2' },
      { id: 't4', name: 'Four', projectId: 'p9' },
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
    'a relation to a type outside the source keeps only its key',
  level: 'MUST',
  area: 'mapping',
  requirements: ['MAP-048', 'MAP-049', 'MAP-050'],
  target: 'server',
  async run(ctx) {
    await withIntegration(ctx, SCENARIO, { types: ['task', 'project'] }, async (it) => {
      const view = await it.schema();
      const tasks = it.database('task');
      const projects = it.database('project');
      expectField(view, tasks, it.field('Project Id key'), { type: 'svc/text', meta: { 'svc/hidden?': true } }, 'MAP-048 the key field of the relation "projectId"');
      const project = expectField(view, tasks, it.field('Project'), { type: projects, collection: false }, 'MAP-049 the relation field "Project" (relation.name) of "projectId"');
      const back = expectField(view, projects, it.field('Tasks'), { type: tasks, collection: true }, 'MAP-050 the collection "Tasks" (relation.targetName) on the target of "projectId"');
      const relation = project['svc/meta']['svc/relation'];
      if (typeof relation !== 'string' || back['svc/meta']['svc/relation'] !== relation) {
        fail(`MAP-050: the relation field ${it.field('Project')} (svc/relation ${JSON.stringify(relation)}) and the collection ${it.field('Tasks')} (svc/relation ${JSON.stringify(back['svc/meta']['svc/relation'])}) should be the two ends of one relation`, view.res);
      }
      expectField(view, tasks, it.field('Lead Of key'), { type: 'svc/text', meta: { 'svc/hidden?': true } }, 'MAP-048 the key field of the one-to-one relation "leadOf"');
      expectField(view, tasks, it.field('Leads'), { type: projects, collection: false }, 'MAP-049 the relation field "Leads" of the one-to-one relation "leadOf"');
      expectField(view, projects, it.field('Lead task'), { type: tasks, collection: false }, 'MAP-050 the one-to-one relation "leadOf": its target field "Lead task" is a single value');
      expectField(view, tasks, it.field('Team Id key'), { type: 'svc/text', meta: { 'svc/hidden?': true } }, 'MAP-048 the key field of "teamId", whose target type is not in the source');
      if (view.field(tasks, it.field('Team'))) fail('the relation "teamId" points at a type outside the source: it should keep only its key field, yet a relation field "Team" was created', view.res);

      const taskRows = await it.byKey('task');
      const projectRows = await it.byKey('project');
      const p1 = idOf(ctx, projectRows, 'p1', 'the project');
      const p2 = idOf(ctx, projectRows, 'p2', 'the project');
      const keyOf = (key: string) => taskRows.get(key)?.[it.field('Project Id key')];
      if (keyOf('t1') !== 'p1' || keyOf('t4') !== 'p9') fail(`MAP-048: the key field holds the row's key: t1 has ${JSON.stringify(keyOf('t1'))} (expected "p1"), t4 ${JSON.stringify(keyOf('t4'))} (expected "p9")`, lastResponse(ctx));
      const links: Array<[string, string, string[]]> = [
        ['t1', 'Project', [p1]],
        ['t2', 'Project', [p1]],
        ['t3', 'Project', [p2]],
        ['t4', 'Project', []],
        ['t1', 'Leads', [p1]],
        ['t2', 'Leads', [p2]],
      ];
      for (const [key, name, want] of links) {
        const got = refIds(taskRows.get(key)?.[it.field(name)]);
        if (!isDeepStrictEqual(got, want)) fail(`MAP-049: task ${key} links ${name} to ${JSON.stringify(got)}, expected ${JSON.stringify(want)} (p1 is ${p1}, p2 is ${p2}; t4's key "p9" matches no project)`, lastResponse(ctx));
      }
      const t = (key: string) => idOf(ctx, taskRows, key, 'the task');
      const backLinks: Array<[string, string, string[]]> = [
        ['p1', 'Tasks', [t('t1'), t('t2')].sort()],
        ['p2', 'Tasks', [t('t3')]],
        ['p1', 'Lead task', [t('t1')]],
        ['p2', 'Lead task', [t('t2')]],
      ];
      for (const [key, name, want] of backLinks) {
        const got = refIds(projectRows.get(key)?.[it.field(name)]);
        if (!isDeepStrictEqual(got, want)) fail(`MAP-050: project ${key} holds ${name} ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`, lastResponse(ctx));
      }
    });
  },
});
