// The options of a select or workflow field as the app's schema gives them (MAP-021, MAP-023..027):
// checked, and put in the order the enum values are created (a workflow's default option first).
// A workflow without options gets `Open` (default, `Not started`) and `Done` (final, `Finished`).
import type { AppSchemaField } from '../types.js';
import { SchemaProblem } from './field-kinds.js';
import { toIcon } from './values/icon.js';

export const WORKFLOW_STATES = ['Not started', 'Started', 'Finished'] as const;
export type WorkflowState = (typeof WORKFLOW_STATES)[number];

export interface OptionSpec {
  name: string;
  color?: string;
  /** The emoji (an alias in the schema is turned into its emoji; anything else is left out). */
  icon?: string;
  /** Workflows only. */
  final: boolean;
  state: WorkflowState;
}

const INFERRED_WORKFLOW: OptionSpec[] = [
  { name: 'Open', final: false, state: 'Not started' },
  { name: 'Done', final: true, state: 'Finished' },
];

function optionalString(id: string, index: number, key: string, value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new SchemaProblem(id, `option ${index + 1}: \`${key}\` must be a string.`);
  return value;
}

/** The options to create for a new select (`workflow`: a workflow) field, in rank order. */
export function optionsOf(id: string, field: AppSchemaField, workflow: boolean): OptionSpec[] {
  const given: unknown = field.options;
  if (given === undefined || given === null || (Array.isArray(given) && given.length === 0)) return workflow ? INFERRED_WORKFLOW.map((o) => ({ ...o })) : [];
  if (!Array.isArray(given)) throw new SchemaProblem(id, '`options` must be an array of {name, icon?, color?' + (workflow ? ', default?, final?, type?}.' : '}.'));
  const names = new Set<string>();
  let defaults = 0;
  let finals = 0;
  const options = given.map((raw: unknown, index): OptionSpec & { isDefault: boolean } => {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new SchemaProblem(id, `option ${index + 1} must be an object {name, ...}.`);
    const option = raw as Record<string, unknown>;
    const name = typeof option.name === 'string' ? option.name.trim() : '';
    if (name === '') throw new SchemaProblem(id, `option ${index + 1} needs a non-empty \`name\`.`);
    if (names.has(name)) throw new SchemaProblem(id, `the option "${name}" is listed twice.`);
    names.add(name);
    const color = optionalString(id, index, 'color', option.color);
    const icon = toIcon(optionalString(id, index, 'icon', option.icon));
    for (const flag of ['default', 'final'] as const) {
      if (option[flag] !== undefined && typeof option[flag] !== 'boolean') throw new SchemaProblem(id, `option "${name}": \`${flag}\` must be a boolean.`);
    }
    const isDefault = option.default === true;
    const final = option.final === true;
    if (option.type !== undefined && !WORKFLOW_STATES.includes(option.type as WorkflowState)) {
      throw new SchemaProblem(id, `option "${name}": \`type\` must be one of ${WORKFLOW_STATES.join(', ')} (got ${JSON.stringify(option.type)}).`);
    }
    defaults += isDefault ? 1 : 0;
    finals += final ? 1 : 0;
    const state = (option.type as WorkflowState | undefined) ?? (isDefault ? 'Not started' : final ? 'Finished' : 'Started');
    return { name, ...(color ? { color } : {}), ...(icon ? { icon } : {}), final: workflow && final, state, isDefault };
  });
  if (!workflow) return options.map(({ isDefault: _default, ...o }) => o);
  if (defaults !== 1) throw new SchemaProblem(id, `workflow options need exactly one option with \`default: true\` (found ${defaults}).`);
  if (finals < 1) throw new SchemaProblem(id, 'workflow options need at least one option with `final: true`.');
  const ordered = [...options.filter((o) => o.isDefault), ...options.filter((o) => !o.isDefault)];
  return ordered.map(({ isDefault: _default, ...o }) => o);
}
