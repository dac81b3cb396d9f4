import { isDeepStrictEqual } from 'node:util';
import { expectSuccess, fail } from '../../assert.js';
import { defineCheck, type CheckContext } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { run, schemaBatch } from '../../workspace.js';
import { lastResponse, withIntegration } from './integration.js';
import type { SchemaView } from '../../schema-view.js';
import { enumNames, readEnumValues, type EnumValue } from './read.js';
import { expectField } from './schema-expect.js';
import { MULTI_OPTIONS, SELECT_OPTIONS, selectsScenario, type AppSchemaField } from './scenarios.js';
import { fieldDelete, typeDelete } from '../../model/schema.js';
import { LIMITS } from './values-refused.js';

/** An option as the enum holds it (spec/integrations.md, "Fields": options), in rank order; `final` and `type` only for workflows. */
interface Want {
  name: string;
  rank: number;
  color?: string;
  icon?: string;
  final?: boolean;
  type?: 'Not started' | 'Started' | 'Finished';
}

function shown(values: EnumValue[]): string {
  return JSON.stringify(values.map((v) => ({ name: v.name, rank: v.rank, color: v.color, icon: v.icon, final: v.final, type: v.workflowType })));
}

/**
 * The enum holds exactly these options, in this order, each whole: name, rank, colour, icon, and
 * for a workflow its workflow/Final and workflow/Type (a select enum has neither field).
 */
function expectOptions(ctx: CheckContext, values: EnumValue[], want: Want[], workflow: boolean, what: string): void {
  const got = values.map((v) => ({ name: v.name, rank: v.rank, color: v.color, icon: v.icon, ...(workflow ? { final: v.final, type: v.workflowType } : {}) }));
  const expected = want.map((w) => ({ name: w.name, rank: w.rank, color: w.color ?? null, icon: w.icon ?? null, ...(workflow ? { final: w.final ?? false, type: w.type } : {}) }));
  if (!isDeepStrictEqual(got, expected)) fail(`${what}: the enum holds the options ${shown(values)} (in svc/rank order), expected ${JSON.stringify(expected)}`, lastResponse(ctx));
}

/** Select enums have no workflow/Final and workflow/Type; workflow enums have both (MAP-066). */
function expectEnumFields(view: SchemaView, enumType: string, workflow: boolean, what: string): void {
  const names = view.requireType(enumType, what)['svc/fields'].map((f) => f['svc/name']);
  for (const name of ['workflow/Final', 'workflow/Type']) {
    if (names.includes(name) !== workflow) fail(`MAP-066 ${what}: the enum type ${enumType} ${workflow ? 'lacks' : 'has'} the field ${name}; a ${workflow ? 'workflow enum has' : 'select enum has no'} workflow/Final and workflow/Type. Its fields: ${names.join(', ')}`, view.res);
  }
}

/** The `svc/id` of the option `name` that comes first in `values`. */
function idOf(ctx: CheckContext, values: EnumValue[], name: string, what: string): string {
  const found = values.find((v) => v.name === name);
  if (!found) fail(`${what}: the enum has no option ${JSON.stringify(name)}; it holds ${shown(values)}`, lastResponse(ctx));
  return found.id;
}

function linked(value: unknown): string[] {
  return (Array.isArray(value) ? value : value === null || value === undefined ? [] : [value]).map((v) => (isRecord(v) ? String(v['svc/id']) : String(v)));
}

/** The most names a multi select value may hold (MAP-071), distinct; the value of "bulk" repeats one and adds an empty one, which do not count. */
const BULK = Array.from({ length: LIMITS.names }, (_, i) => `b${String(i).padStart(4, '0')}`);

/** The catalogue's select fields, plus a workflow whose options lack types or carry blanks, and a multi select given the most names a value may hold. */
function scenario() {
  const sc = selectsScenario();
  const fields: Record<string, AppSchemaField> = {
    phase: {
      name: 'Phase',
      type: 'text',
      subType: 'workflow',
      options: [
        // A given type wins over what the flags would give; a name is trimmed.
        { name: ' Backlog ', type: 'Not started', color: '#101010' },
        // Without type: the default is Not started, a final option Finished, any other Started.
        { name: 'Start', default: true },
        { name: 'Shipped', final: true },
        { name: 'Review' },
      ],
    },
    bulk: { name: 'Bulk', type: 'array[text]', subType: 'multi-select' },
  };
  Object.assign(sc.schema['thing'] ?? {}, fields);
  const values: Record<string, Record<string, unknown>> = { t1: { phase: 'Backlog' }, t2: { phase: '' }, t3: { phase: 'Shipped', bulk: [...BULK, BULK[0], ' '] } };
  for (const row of sc.data?.['thing']?.rows ?? []) Object.assign(row, values[String(row['id'])] ?? {});
  return sc;
}

export default defineCheck({
  id: 'sync.mapping-selects',
  name:
    'Single select, workflow and multi select fields become relations to the enum types <Space>/<Field>_<Database> and workflow/state_<Database> (multi select a collection) whose values are the given options ' +
    'in order (svc/rank 0, 1, ..., names trimmed) with their colour and icon, workflow states with their default first, final flags and workflow/Type (from the flags when not given), options inferred from the data ' +
    'appended in delivery order (a workflow without options gets Open and Done); a value names the option first by rank (ties: the one created first), an empty workflow value the first ' +
    'by rank, a multi select value of 1,000 names (a repeat and an empty name besides) links them all, and a select field an administrator deleted comes back with its enum type',
  level: 'MUST',
  area: 'mapping',
  requirements: ['MAP-020', 'MAP-021', 'MAP-022', 'MAP-023', 'MAP-027', 'MAP-028', 'MAP-005', 'MAP-062', 'MAP-064', 'MAP-065', 'MAP-066', 'MAP-067', 'MAP-071'],
  target: 'server',
  async run(ctx) {
    const sc = scenario();
    await withIntegration(ctx, sc, {}, async (it) => {
      const view = await it.schema();
      const things = it.database('thing');
      const enumOf = (name: string, collection: boolean, enumType: string, what: string): string => {
        const type = expectField(view, things, it.field(name), { enumType: true, collection, metaExactly: collection ? { 'svc/collection?': true } : {} }, what)['svc/type'];
        if (type !== enumType) fail(`${what}: the field ${it.field(name)} is a relation to ${JSON.stringify(type)}; its enum type is named ${JSON.stringify(enumType)}`, view.res);
        expectEnumFields(view, type, enumType.startsWith('workflow/'), what);
        return type;
      };
      const select = (field: string) => `${it.space}/${field}_${things}`;
      const workflow = (n: number) => `workflow/state_${things}${n === 1 ? '' : ` (${n})`}`;

      const priorityType = enumOf('Priority', false, select('Priority'), 'MAP-020 single select "priority": <Space>/<Field>_<Database>');
      const priority = await readEnumValues(ctx, view, priorityType, 'the options of "priority"');
      const [low, high] = SELECT_OPTIONS as [(typeof SELECT_OPTIONS)[0], (typeof SELECT_OPTIONS)[1]];
      expectOptions(ctx, priority, [{ ...low, rank: 0 }, { ...high, rank: 1 }, { name: 'Urgent', rank: 2 }], false, 'MAP-021/MAP-065 the given options of "priority", then "Urgent" that a row added (MAP-022)');

      const kind = await readEnumValues(ctx, view, enumOf('Kind', false, select('Kind'), 'MAP-020 single select "kind" without options'), 'the options of "kind"');
      expectOptions(ctx, kind, [{ name: 'Bug', rank: 0 }, { name: 'Feature', rank: 1 }], false, 'MAP-022/MAP-065 the options of "kind" inferred from the data, ranked from 0 in delivery order');

      const stateType = enumOf('State', false, workflow(1), 'MAP-023 workflow "state": workflow/state_<Database>');
      const state = await readEnumValues(ctx, view, stateType, 'the states of "state"');
      expectOptions(
        ctx,
        state,
        [
          { name: 'Open', rank: 0, color: '#e0e0e0', type: 'Not started' },
          { name: 'Doing', rank: 1, color: '#ffe08a', type: 'Started' },
          { name: 'Closed', rank: 2, color: '#99d98c', final: true, type: 'Finished' },
        ],
        true,
        'MAP-023/MAP-065 the states of "state" (the default Open first, then the others in their order)',
      );

      const stage = await readEnumValues(ctx, view, enumOf('Stage', false, workflow(2), 'MAP-027 workflow "stage" without options (the second workflow enum of the Database)'), 'the states of "stage"');
      expectOptions(
        ctx,
        stage,
        [
          { name: 'Open', rank: 0, type: 'Not started' },
          { name: 'Done', rank: 1, final: true, type: 'Finished' },
          { name: 'Review', rank: 2, type: 'Started' },
        ],
        true,
        'MAP-027/MAP-066 the inferred states of "stage" (Open default, Done final, other values Started, appended)',
      );

      const labels = await readEnumValues(ctx, view, enumOf('Labels', true, select('Labels'), 'MAP-028 multi select "labels" (array[text])'), 'the options of "labels"');
      expectOptions(ctx, labels, MULTI_OPTIONS.map((o, rank) => ({ ...o, rank })), false, 'MAP-028/MAP-065 the given options of "labels"');
      const tags = await readEnumValues(ctx, view, enumOf('Tags', true, select('Tags'), 'MAP-028 multi select "tags" (text)'), 'the options of "tags"');
      expectOptions(ctx, tags, ['alpha', 'beta', 'gamma', 'delta'].map((name, rank) => ({ name, rank })), false, 'MAP-022/MAP-065 the options of "tags" inferred from the data, in the order the values were delivered');

      const phase = await readEnumValues(ctx, view, enumOf('Phase', false, workflow(3), 'MAP-023 workflow "phase"'), 'the states of "phase"');
      expectOptions(
        ctx,
        phase,
        [
          { name: 'Start', rank: 0, type: 'Not started' },
          { name: 'Backlog', rank: 1, color: '#101010', type: 'Not started' },
          { name: 'Shipped', rank: 2, final: true, type: 'Finished' },
          { name: 'Review', rank: 3, type: 'Started' },
        ],
        true,
        'MAP-065/MAP-066 the states of "phase" (names trimmed; a given type kept; without type: default Not started, final Finished, else Started)',
      );
      const rows = await it.byKey('thing', 'Id', view);
      const linkedTo = (key: string, field: string) => linked(rows.get(key)?.[it.field(field)]);
      const want = (key: string, field: string, ids: string[], why: string) => {
        if (!isDeepStrictEqual(linkedTo(key, field), ids)) fail(`${why}: row ${key} links ${field} to ${JSON.stringify(linkedTo(key, field))}, expected ${JSON.stringify(ids)}`, lastResponse(ctx));
      };
      want('t1', 'Phase', [idOf(ctx, phase, 'Backlog', 'phase')], 'MAP-065 the value "Backlog" names the option given as " Backlog "');
      want('t2', 'Phase', [idOf(ctx, phase, 'Start', 'phase')], 'MAP-067 an empty workflow value is the default option');
      want('t2', 'Labels', [], 'MAP-028 an empty multi select value links no option');
      const bulk = enumNames(rows.get('t3')?.[it.field('Bulk')]);
      if (!isDeepStrictEqual(bulk, BULK)) {
        const missing = BULK.filter((name) => !bulk.includes(name));
        fail(
          `MAP-071: row t3 has bulk ${LIMITS.names} distinct names (${BULK[0]} to ${BULK[BULK.length - 1]}, ${BULK[0]} repeated, and an empty name), at most ${LIMITS.names} names once repeats and empty names are dropped: ` +
            `its Entity's ${it.field('Bulk')} should link all ${LIMITS.names}; it links ${bulk.length}${missing.length > 0 ? ` (missing ${JSON.stringify(missing.slice(0, 5))}${missing.length > 5 ? ', ...' : ''})` : ''}`,
          lastResponse(ctx),
        );
      }

      // An administrator deletes the fields Priority and State (their enum types stay) and the enum type of Kind (with the field
      // Kind), ranks "Closed" first and adds the state "Paused" at the same rank (created later), and adds a second option "High"
      // ranked before every other.
      const ids = (values: EnumValue[], name: string) => idOf(ctx, values, name, 'the options after the first sync');
      expectSuccess(
        await schemaBatch(ctx, [
          ...['Priority', 'State'].map((name) => (fieldDelete(things, it.field(name)))),
          typeDelete(select('Kind')),
        ]),
        `deleting the fields ${it.field('Priority')} and ${it.field('State')} and the enum type ${select('Kind')} as an administrator`,
      );
      await run(ctx, { command: 'svc.entity/update', args: { type: stateType, entity: { 'svc/id': ids(state, 'Closed'), 'svc/rank': -1 } } }, 'ranking the state Closed first (svc/rank -1)');
      await run(ctx, { command: 'svc.entity/create', args: { type: stateType, entity: { 'enum/name': 'Paused', 'svc/rank': -1, 'workflow/Final': false, 'workflow/Type': 'Started' } } }, 'adding the state Paused with svc/rank -1');
      await run(ctx, { command: 'svc.entity/create', args: { type: priorityType, entity: { 'enum/name': 'High', 'svc/rank': -5 } } }, 'adding a second option "High" with svc/rank -5 to the enum of "priority"');
      // The app adds an option to the existing field "labels" (an existing field is never changed: MAP-005) and changes t1 and t2.
      const labelsSchema = sc.schema['thing']?.['labels'];
      it.app.scenario.schema['thing'] = { ...it.app.scenario.schema['thing'], labels: { ...labelsSchema, name: 'Labels', type: 'array[text]', options: [...MULTI_OPTIONS, { name: 'purple' }] } };
      it.app.change({ thing: { update: [{ id: 't1', priority: 'High', tags: 'beta, omega, zeta' }, { id: 't2', name: 'Two again', priority: 'Critical', state: '' }] } });
      await it.sync('a sync after an administrator deleted Priority and State and re-ranked options, and the app changed t1 and t2');

      const after = await it.schema();
      const priorityAgain = expectField(after, things, it.field('Priority'), { enumType: true, collection: false }, 'MAP-062 the field "priority" an administrator deleted is created again')['svc/type'];
      if (priorityAgain !== priorityType) fail(`MAP-062: the field "priority" created again is a relation to ${JSON.stringify(priorityAgain)}; it should keep its enum type ${priorityType}, which still exists`, after.res);
      const stateAgain = expectField(after, things, it.field('State'), { enumType: true, collection: false }, 'MAP-062 the workflow field "state" an administrator deleted is created again')['svc/type'];
      if (stateAgain !== stateType) fail(`MAP-062: the workflow field "state" created again is a relation to ${JSON.stringify(stateAgain)}; it should keep its workflow enum ${stateType}, which still exists`, after.res);

      expectField(after, things, it.field('Kind'), { type: select('Kind'), collection: false }, `MAP-062 the field "kind", deleted with its enum type, is created again with a new enum type ${select('Kind')}`);
      const kind2 = await readEnumValues(ctx, after, select('Kind'), 'the options of "kind" after the second sync');
      expectOptions(ctx, kind2, [{ name: 'Bug', rank: 0 }, { name: 'Feature', rank: 1 }], false, 'MAP-062/MAP-065 the new enum type of "kind" holds the values of the delivered rows t1 and t2');
      const priority2 = await readEnumValues(ctx, after, priorityType, 'the options of "priority" after the second sync');
      expectOptions(
        ctx,
        priority2,
        [{ name: 'High', rank: -5 }, { ...low, rank: 0 }, { ...high, rank: 1 }, { name: 'Urgent', rank: 2 }, { name: 'Critical', rank: 3 }],
        false,
        'MAP-065 a value added later ("Critical") gets the highest rank plus one',
      );
      const tags2 = await readEnumValues(ctx, after, select('Tags'), 'the options of "tags" after the second sync');
      expectOptions(ctx, tags2, ['alpha', 'beta', 'gamma', 'delta', 'omega', 'zeta'].map((name, rank) => ({ name, rank })), false, 'MAP-065 the values "omega" and "zeta" of one row are appended in their order');
      const labels2 = await readEnumValues(ctx, after, select('Labels'), 'the options of "labels" after the second sync');
      expectOptions(ctx, labels2, MULTI_OPTIONS.map((o, rank) => ({ ...o, rank })), false, 'MAP-005/MAP-064 an option a later schema adds to the existing field "labels" creates nothing');

      const rows2 = await it.byKey('thing', 'Id', after);
      const t = (key: string, field: string) => linked(rows2.get(key)?.[it.field(field)]);
      const adminHigh = priority2[0]?.id ?? '';
      if (!isDeepStrictEqual(t('t1', 'Priority'), [adminHigh])) {
        fail(`MAP-067: "High" names two options of ${priorityType}; the value should link the one first by svc/rank (${adminHigh}, rank -5), it links ${JSON.stringify(t('t1', 'Priority'))}; options ${shown(priority2)}`, lastResponse(ctx));
      }
      const state2 = await readEnumValues(ctx, after, stateType, 'the states of "state" after the second sync');
      const closed = ids(state, 'Closed');
      if (!isDeepStrictEqual(t('t2', 'State'), [closed])) {
        fail(`MAP-067: the empty workflow value of t2 should be the first state by svc/rank: Closed (${closed}, rank -1, created before Paused, also rank -1); it links ${JSON.stringify(t('t2', 'State'))}; states ${shown(state2)}`, lastResponse(ctx));
      }
      if (!isDeepStrictEqual(t('t1', 'State'), [ids(state, 'Doing')])) fail(`MAP-062: t1 (state "Doing") links State to ${JSON.stringify(t('t1', 'State'))}, expected the state Doing ${ids(state, 'Doing')}`, lastResponse(ctx));
    });
  },
});
