// Loading a scenario: reads a .json / .yaml file (or takes an object), validates it against
// mock-app/scenario.schema.json (which refers to the contract's own schemas) and the cross-field
// rules, and names the offending field when it is refused.
import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { parse as parseYaml } from 'yaml';
import { contractSchemaDocument } from './contract.js';
import { checkScenarioRules, ScenarioError } from './scenario-rules.js';
import { describeErrors } from './validation-errors.js';
import type { Scenario, ScenarioChanges, ScenarioFailure } from './scenario-types.js';

export * from './scenario-types.js';
export { ScenarioError, keyFieldOf, keyFields } from './scenario-rules.js';

export const SCENARIO_SCHEMA_PATH = fileURLToPath(new URL('../scenario.schema.json', import.meta.url));

/** Largest scenario file read. */
const MAX_SCENARIO_BYTES = 16 * 1024 * 1024;

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

const SCENARIO_SCHEMA_ID = 'https://svc-kit.local/mock-app/scenario.schema.json';

let ajv: Ajv2020 | undefined;

function validatorOf(ref: string): ValidateFunction {
  if (!ajv) {
    ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, strictTypes: false, allowUnionTypes: true });
    addFormats(ajv);
    ajv.addFormat('binary', true);
    ajv.addSchema(contractSchemaDocument());
    ajv.addSchema(JSON.parse(readFileSync(SCENARIO_SCHEMA_PATH, 'utf8')) as object);
  }
  const validate = ajv.getSchema(ref);
  if (!validate) throw new Error(`mock app: no schema ${ref}`);
  return validate;
}

function readScenarioFile(path: string): unknown {
  const extension = extname(path).toLowerCase();
  if (!['.json', '.yaml', '.yml'].includes(extension)) throw new ScenarioError('', 'must be a .json, .yaml or .yml file', path);
  let text: Buffer;
  try {
    text = readFileSync(path);
  } catch (error) {
    throw new ScenarioError('', `cannot be read: ${(error as Error).message}`, path);
  }
  if (text.length > MAX_SCENARIO_BYTES) throw new ScenarioError('', `is larger than ${MAX_SCENARIO_BYTES} bytes`, path);
  try {
    return extension === '.json' ? JSON.parse(text.toString('utf8')) : parseYaml(text.toString('utf8'));
  } catch (error) {
    throw new ScenarioError('', `is not valid ${extension === '.json' ? 'JSON' : 'YAML'}: ${(error as Error).message}`, path);
  }
}

function check(validate: ValidateFunction, value: unknown, source: string): void {
  if (validate(value)) return;
  const { path, problem } = describeErrors(validate.errors ?? []);
  throw new ScenarioError(path, problem, source);
}

/** Validates a failure injected at run time (the shape of a scenario's `failures` entry) for `scenario`. */
export function checkFailure(failure: unknown, scenario: Scenario): ScenarioFailure {
  check(validatorOf(`${SCENARIO_SCHEMA_ID}#/$defs/Failure`), failure, 'failure');
  const valid = failure as ScenarioFailure;
  if (valid.type !== undefined && !scenario.types.some((t) => t.id === valid.type)) throw new ScenarioError('/type', `names no type of the scenario ("${valid.type}")`, 'failure');
  return valid;
}

/** Validates changes given at run time (the shape of a step's `changes`); whether they apply is checked by the data state. */
export function checkChanges(changes: unknown): ScenarioChanges {
  check(validatorOf(`${SCENARIO_SCHEMA_ID}#/$defs/Changes`), changes, 'changes');
  return changes as ScenarioChanges;
}

/** Parses and validates a scenario (a file path or an object); throws a ScenarioError naming the bad field. */
export function loadScenario(pathOrObject: string | Scenario | Record<string, unknown>): Scenario {
  const source = typeof pathOrObject === 'string' ? pathOrObject : 'object';
  const raw = typeof pathOrObject === 'string' ? readScenarioFile(pathOrObject) : structuredClone(pathOrObject);
  check(validatorOf(SCENARIO_SCHEMA_ID), raw, source);
  const scenario = raw as Scenario;
  try {
    checkScenarioRules(scenario);
  } catch (error) {
    if (error instanceof ScenarioError) throw new ScenarioError(error.path, error.problem, source);
    throw error;
  }
  return scenario;
}
