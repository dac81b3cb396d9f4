// The checks of a scenario that a JSON Schema cannot express: ids that must be unique or must
// exist elsewhere in the file (types, filters, data lists, events, actions), rows that must hold
// their key and only schema fields, workflow options (MAP-024, MAP-025), and steps that must apply
// in turn.
import { schemaFieldProperties } from './contract.js';
import type { AppTypeSchema } from './contract.js';
import { ChangeError, DataState, rowKey } from './state.js';
import type { AppDataRow, Scenario } from './scenario-types.js';

/** A scenario that cannot be used; `path` is a JSON pointer to the offending field. */
export class ScenarioError extends Error {
  constructor(
    readonly path: string,
    readonly problem: string,
    readonly source = 'scenario',
  ) {
    super(`Invalid scenario ${source}: ${path ? `${path} ` : ''}${problem}`);
    this.name = 'ScenarioError';
  }
}

/** The key field of a type: its field of `type: id`, else `id`. */
export function keyFieldOf(typeSchema: AppTypeSchema | undefined): string {
  if (!typeSchema) return 'id';
  const found = Object.entries(typeSchema).find(([, field]) => field.type === 'id');
  return found ? found[0] : 'id';
}

/** Type id to key field, in the order of `types`. */
export function keyFields(scenario: Scenario): Record<string, string> {
  return Object.fromEntries(scenario.types.map((t) => [t.id, keyFieldOf(scenario.schema[t.id])]));
}

/** A JSON pointer token (`~` and `/` escaped). */
export function esc(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

function fail(path: string, problem: string): never {
  throw new ScenarioError(path, problem);
}

function duplicates(ids: string[], path: (index: number) => string, what: string): void {
  const seen = new Set<string>();
  ids.forEach((id, i) => {
    if (seen.has(id)) fail(path(i), `${what} "${id}" appears twice`);
    seen.add(id);
  });
}

function checkAccountTypes(scenario: Scenario): void {
  duplicates(scenario.accountTypes.map((a) => a.id), (i) => `/accountTypes/${i}/id`, 'account type id');
  scenario.accountTypes.forEach((type, i) => {
    if (type.oauth && type.id !== 'oauth' && type.id !== 'oauth2') fail(`/accountTypes/${i}/oauth`, `is only allowed on the account types "oauth" and "oauth2" (this one is "${type.id}")`);
  });
}

function checkSchema(scenario: Scenario, typeIds: Set<string>): void {
  const known = new Set(schemaFieldProperties());
  for (const type of typeIds) if (!scenario.schema[type]) fail(`/schema/${esc(type)}`, `is missing: every type of /types needs its schema`);
  for (const [type, fields] of Object.entries(scenario.schema)) {
    if (!typeIds.has(type)) fail(`/schema/${esc(type)}`, `is not a type of /types (${[...typeIds].join(', ')})`);
    const idFields = Object.entries(fields).filter(([, f]) => f.type === 'id');
    if (idFields.length > 1) fail(`/schema/${esc(type)}/${idFields[1][0]}/type`, 'a type has at most one field of type "id" (its key)');
    for (const [fieldId, field] of Object.entries(fields)) {
      const path = `/schema/${esc(type)}/${esc(fieldId)}`;
      for (const property of Object.keys(field)) {
        if (!known.has(property)) fail(`${path}/${esc(property)}`, `is not a SchemaField property (known: ${[...known].join(', ')})`);
      }
      if (field.subType === 'workflow' && field.options) {
        const defaults = field.options.filter((o) => 'default' in o && o.default === true).length;
        const finals = field.options.filter((o) => 'final' in o && o.final === true).length;
        if (defaults !== 1) fail(`${path}/options`, `a workflow needs exactly one option with default: true (MAP-024), found ${defaults}`);
        if (finals < 1) fail(`${path}/options`, 'a workflow needs an option with final: true (MAP-025)');
      }
    }
  }
}

function checkFilters(scenario: Scenario): void {
  const filters = scenario.filters ?? [];
  duplicates(filters.map((f) => f.id), (i) => `/filters/${i}/id`, 'filter id');
  const datalists = scenario.datalists ?? {};
  filters.forEach((filter, i) => {
    if (filter.datalist === true && !datalists[filter.id]) fail(`/filters/${i}/datalist`, `the filter "${filter.id}" is a data list but /datalists/${filter.id} is missing`);
  });
  for (const id of Object.keys(datalists)) {
    if (!filters.some((f) => f.id === id && f.datalist === true)) fail(`/datalists/${esc(id)}`, `names no filter with datalist: true`);
  }
  (scenario.filterRules ?? []).forEach((rule, i) => {
    if (!filters.some((f) => f.id === rule.filter)) fail(`/filterRules/${i}/filter`, `names no filter of /filters ("${rule.filter}")`);
    if (rule.pattern !== undefined) {
      try {
        new RegExp(rule.pattern);
      } catch (error) {
        fail(`/filterRules/${i}/pattern`, `is not a regular expression: ${(error as Error).message}`);
      }
    }
  });
}

function checkRow(scenario: Scenario, type: string, row: AppDataRow, path: string, needsKey: boolean): void {
  const fields = scenario.schema[type] ?? {};
  const keyField = keyFieldOf(scenario.schema[type]);
  if (needsKey && rowKey(row, keyField) === undefined) fail(`${path}/${esc(keyField)}`, 'is missing: a row needs its key (a non-empty string or a number)');
  for (const field of Object.keys(row)) {
    if (field !== '__syncAction' && !(field in fields)) fail(`${path}/${esc(field)}`, `is not a field of the schema of "${type}"`);
  }
}

function checkType(typeIds: Set<string>, type: string, path: string): void {
  if (!typeIds.has(type)) fail(path, `names no type of /types ("${type}")`);
}

function checkData(scenario: Scenario, typeIds: Set<string>): void {
  for (const [type, data] of Object.entries(scenario.data ?? {})) {
    checkType(typeIds, type, `/data/${esc(type)}`);
    const keyField = keyFieldOf(scenario.schema[type]);
    const seen = new Set<string>();
    data.rows.forEach((row, i) => {
      checkRow(scenario, type, row, `/data/${esc(type)}/rows/${i}`, true);
      const key = rowKey(row, keyField) as string;
      if (seen.has(key)) fail(`/data/${esc(type)}/rows/${i}/${esc(keyField)}`, `the key "${key}" appears twice`);
      seen.add(key);
    });
  }
}

function checkSteps(scenario: Scenario, typeIds: Set<string>): void {
  const rows = Object.fromEntries(Object.entries(scenario.data ?? {}).map(([type, d]) => [type, d.rows]));
  const state = new DataState({ keyFields: keyFields(scenario), rows });
  (scenario.steps ?? []).forEach((step, i) => {
    const path = `/steps/${i}/changes`;
    for (const [type, changes] of Object.entries(step.changes)) {
      checkType(typeIds, type, `${path}/${esc(type)}`);
      (changes.create ?? []).forEach((row, j) => checkRow(scenario, type, row, `${path}/${esc(type)}/create/${j}`, true));
      (changes.update ?? []).forEach((row, j) => checkRow(scenario, type, row, `${path}/${esc(type)}/update/${j}`, true));
    }
    try {
      state.change(step.changes);
    } catch (error) {
      if (error instanceof ChangeError) fail(`${path}${error.path}`, error.problem);
      throw error;
    }
  });
}

function checkEvents(scenario: Scenario, typeIds: Set<string>): void {
  const events = scenario.events ?? [];
  if (events.length > 0 && !scenario.webhooks) fail('/events', 'need /webhooks (their secret signs the events)');
  duplicates(events.map((e) => e.name), (i) => `/events/${i}/name`, 'event name');
  events.forEach((event, i) => {
    for (const [type, rows] of Object.entries(event.transform ?? {})) {
      checkType(typeIds, type, `/events/${i}/transform/${esc(type)}`);
      rows.forEach((row, j) => checkRow(scenario, type, row, `/events/${i}/transform/${esc(type)}/${j}`, true));
    }
  });
}

function checkFailures(scenario: Scenario, typeIds: Set<string>): void {
  (scenario.failures ?? []).forEach((failure, i) => {
    if (failure.type !== undefined) checkType(typeIds, failure.type, `/failures/${i}/type`);
  });
}

function checkActions(scenario: Scenario, typeIds: Set<string>): void {
  const actions = scenario.actions ?? [];
  duplicates(actions.map((a) => a.action), (i) => `/actions/${i}/action`, 'action id');
  actions.forEach((action, i) => {
    const argIds = (action.args ?? []).map((a) => a.id);
    duplicates(argIds, (j) => `/actions/${i}/args/${j}/id`, 'arg id');
    if (action.keyArg !== undefined && !argIds.includes(action.keyArg)) fail(`/actions/${i}/keyArg`, `names no arg of the action (its args are ${argIds.join(', ') || 'none'})`);
    (action.types ?? []).forEach((type, j) => checkType(typeIds, type, `/actions/${i}/types/${j}`));
    for (const type of action.types ?? [...typeIds]) {
      const fields = scenario.schema[type] ?? {};
      const keyField = keyFieldOf(scenario.schema[type]);
      for (const field of Object.keys(action.set ?? {})) {
        if (!(field in fields)) fail(`/actions/${i}/set/${esc(field)}`, `is not a field of the schema of "${type}"`);
        if (field === keyField) fail(`/actions/${i}/set/${esc(field)}`, `is the key of "${type}"; an action cannot change a row's key`);
      }
    }
  });
}

function checkFiles(scenario: Scenario): void {
  for (const [path, file] of Object.entries(scenario.files ?? {})) {
    if ((file.content === undefined) === (file.base64 === undefined)) fail(`/files/${esc(path)}`, 'needs exactly one of content and base64');
  }
  const ids = Object.entries(scenario.files ?? {}).flatMap(([path, file]) => (file.id === undefined ? [] : [{ path, id: file.id }]));
  duplicates(ids.map((f) => f.id), (i) => `/files/${esc(ids[i].path)}/id`, 'file id');
}

/** Throws a ScenarioError naming the first field that breaks a rule. */
export function checkScenarioRules(scenario: Scenario): void {
  const typeIds = new Set(scenario.types.map((t) => t.id));
  checkAccountTypes(scenario);
  duplicates(scenario.types.map((t) => t.id), (i) => `/types/${i}/id`, 'type id');
  checkSchema(scenario, typeIds);
  checkFilters(scenario);
  checkData(scenario, typeIds);
  checkSteps(scenario, typeIds);
  checkEvents(scenario, typeIds);
  checkFailures(scenario, typeIds);
  checkActions(scenario, typeIds);
  checkFiles(scenario);
}
