import { fail } from '../../assert.js';
import { defineCheck, type CheckContext } from '../../check.js';
import { lastResponse, withIntegration } from './integration.js';
import { readEnumValues, type EnumValue } from './read.js';
import { expectField } from './schema-expect.js';
import { MULTI_OPTIONS, SELECT_OPTIONS, WORKFLOW_OPTIONS, selectsScenario } from './scenarios.js';

function names(values: EnumValue[]): string[] {
  return values.map((v) => v.name);
}

/** `expected` appear in this order among the values (other values may follow or sit between). */
function expectOrder(ctx: CheckContext, values: EnumValue[], expected: string[], what: string): void {
  const positions = expected.map((name) => names(values).indexOf(name));
  const missing = expected.filter((_, i) => positions[i] === -1);
  if (missing.length > 0) fail(`${what}: the enum lacks the option(s) ${missing.map((m) => JSON.stringify(m)).join(', ')}; it holds ${JSON.stringify(names(values))}`, lastResponse(ctx));
  if (positions.some((p, i) => i > 0 && p < (positions[i - 1] ?? 0))) fail(`${what}: the options should keep their order ${JSON.stringify(expected)} (svc/rank); they come as ${JSON.stringify(names(values))}`, lastResponse(ctx));
}

function option(ctx: CheckContext, values: EnumValue[], name: string, what: string): EnumValue {
  const found = values.find((v) => v.name === name);
  if (!found) fail(`${what}: the enum has no option ${JSON.stringify(name)}; it holds ${JSON.stringify(names(values))}`, lastResponse(ctx));
  return found;
}

/** Workflow flags: `final` true exactly for the final states; `workflow/Type` (when the enum has it) as given. */
function expectWorkflow(ctx: CheckContext, values: EnumValue[], states: Array<{ name: string; final: boolean; type: string }>, what: string): void {
  for (const state of states) {
    const value = option(ctx, values, state.name, what);
    if ((value.final === true) !== state.final) fail(`${what}: the state ${JSON.stringify(state.name)} has workflow/Final ${JSON.stringify(value.final)}, expected ${state.final}`, lastResponse(ctx));
    if (value.workflowType !== null && value.workflowType !== state.type) fail(`${what}: the state ${JSON.stringify(state.name)} has workflow/Type ${JSON.stringify(value.workflowType)}, expected ${JSON.stringify(state.type)}`, lastResponse(ctx));
  }
  const first = values[0];
  const defaultState = states[0];
  if (first?.name !== defaultState?.name) fail(`${what}: the default state ${JSON.stringify(defaultState?.name)} should be listed first (rank 0); the states come as ${JSON.stringify(names(values))}`, lastResponse(ctx));
}

export default defineCheck({
  id: 'sync.mapping-selects',
  name:
    'Single select, workflow and multi select fields become relations to enum types (multi select a collection) whose values are the given options in order with their colour and icon, ' +
    'workflow states with their default first and final flags, and options inferred from the data when none are given (a workflow without options gets Open and Done)',
  level: 'MUST',
  area: 'mapping',
  requirements: ['MAP-020', 'MAP-021', 'MAP-022', 'MAP-023', 'MAP-027', 'MAP-028'],
  target: 'server',
  async run(ctx) {
    await withIntegration(ctx, selectsScenario(), {}, async (it) => {
      const view = await it.schema();
      const things = it.database('thing');
      const field = (name: string, collection: boolean, what: string) => expectField(view, things, it.field(name), { enumType: true, collection }, what)['svc/type'];

      const priority = await readEnumValues(ctx, view, field('Priority', false, 'MAP-020 single select "priority"'), 'the options of "priority"');
      expectOrder(ctx, priority, SELECT_OPTIONS.map((o) => o.name), 'MAP-021 the given options of "priority"');
      for (const given of SELECT_OPTIONS) {
        const value = option(ctx, priority, given.name, 'MAP-021 "priority"');
        if (value.color !== given.color || value.icon !== given.icon) {
          fail(`MAP-021: the option ${given.name} of "priority" has enum/color ${JSON.stringify(value.color)} and enum/icon ${JSON.stringify(value.icon)}, the app gave ${JSON.stringify(given.color)} and ${JSON.stringify(given.icon)}`, lastResponse(ctx));
        }
      }
      option(ctx, priority, 'Urgent', 'MAP-022 a value of "priority" not among its options is added (no data is lost)');

      const kind = await readEnumValues(ctx, view, field('Kind', false, 'MAP-020 single select "kind" without options'), 'the options of "kind"');
      for (const name of ['Bug', 'Feature']) option(ctx, kind, name, 'MAP-022 the options of "kind" are inferred from the data');

      const stateType = field('State', false, 'MAP-023 workflow "state"');
      view.requireField(stateType, 'workflow/Final', 'MAP-023 the workflow enum of "state"');
      const state = await readEnumValues(ctx, view, stateType, 'the states of "state"');
      const given = WORKFLOW_OPTIONS.map((o) => ({ name: o.name, final: o.final === true, type: o.type }));
      const ordered = [...given.filter((s) => s.name === 'Open'), ...given.filter((s) => s.name !== 'Open')];
      expectWorkflow(ctx, state, ordered, 'MAP-023 the states of "state"');

      const stageType = field('Stage', false, 'MAP-027 workflow "stage" without options');
      view.requireField(stageType, 'workflow/Final', 'MAP-027 the workflow enum of "stage"');
      const stage = await readEnumValues(ctx, view, stageType, 'the states of "stage"');
      expectWorkflow(ctx, 
        stage,
        [
          { name: 'Open', final: false, type: 'Not started' },
          { name: 'Done', final: true, type: 'Finished' },
          { name: 'Review', final: false, type: 'Started' },
        ],
        'MAP-027 the inferred states of "stage" (Open default, Done final, other values Started)',
      );

      const labels = await readEnumValues(ctx, view, field('Labels', true, 'MAP-028 multi select "labels" (array[text])'), 'the options of "labels"');
      expectOrder(ctx, labels, MULTI_OPTIONS.map((o) => o.name), 'MAP-028 the given options of "labels"');
      const tags = await readEnumValues(ctx, view, field('Tags', true, 'MAP-028 multi select "tags" (text)'), 'the options of "tags"');
      for (const name of ['alpha', 'beta', 'gamma', 'delta']) option(ctx, tags, name, 'MAP-022 the options of "tags" are inferred from the data');
    });
  },
});
