/**
 * Validation of app answers against the component schemas of spec/app.openapi.yaml (JSON Schema
 * 2020-12, through ajv), with one readable line per problem: `<JSON pointer>: <what is wrong>`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';
import { parse } from 'yaml';
import type { components } from '../../../../generated/app/types.js';
import { fail } from '../../assert.js';
import type { HttpResponse } from '../../http.js';
import { isRecord } from '../../shapes.js';

export type AppSchemas = components['schemas'];
export type AppSchemaName = keyof AppSchemas;

export const APP_SPEC_PATH = fileURLToPath(new URL('../../../../spec/app.openapi.yaml', import.meta.url));
const SPEC_ID = 'https://svc-kit.invalid/app.openapi.json';

// ajv-formats is CommonJS: its default import is the plugin function itself.
const addFormats = addFormatsPlugin as unknown as (ajv: Ajv2020) => Ajv2020;

let ajv: Ajv2020 | undefined;
const validators = new Map<AppSchemaName, ValidateFunction>();

function compiler(): Ajv2020 {
  if (ajv !== undefined) return ajv;
  const document = parse(readFileSync(APP_SPEC_PATH, 'utf8')) as unknown;
  if (!isRecord(document) || !isRecord(document['components'])) throw new Error(`${APP_SPEC_PATH}: no components`);
  // strict: false lets the OpenAPI keywords (`example`, `discriminator`) through as annotations.
  const instance = new Ajv2020({ strict: false, allErrors: true });
  addFormats(instance);
  instance.addSchema({ $id: SPEC_ID, components: document['components'] });
  ajv = instance;
  return instance;
}

function validator(name: AppSchemaName): ValidateFunction {
  let validate = validators.get(name);
  if (validate === undefined) {
    validate = compiler().compile({ $ref: `${SPEC_ID}#/components/schemas/${name}` });
    validators.set(name, validate);
  }
  return validate;
}

function describe(error: ErrorObject, prefix: string): string {
  const at = prefix + error.instancePath || '(the body)';
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'enum' && Array.isArray(params['allowedValues'])) {
    return `${at}: must be one of ${params['allowedValues'].map((v) => JSON.stringify(v)).join(', ')}`;
  }
  return `${at}: ${error.message ?? error.keyword}`;
}

/**
 * The ways `value` differs from the component schema `name` (empty when it conforms), each
 * located by a JSON pointer; `at` is put before the pointers (where `value` sits in a body).
 */
export function contractProblems(name: AppSchemaName, value: unknown, at = ''): string[] {
  const validate = validator(name);
  if (validate(value)) return [];
  const errors = validate.errors ?? [];
  const specific = errors.filter((e) => e.keyword !== 'anyOf' && e.keyword !== 'oneOf' && e.keyword !== 'if');
  return [...new Set((specific.length > 0 ? specific : errors).map((e) => describe(e, at)))];
}

/** Fails the check unless `value` (from `res`) matches the component schema `name`; answers it typed. */
export function expectContract<N extends AppSchemaName>(res: HttpResponse, name: N, value: unknown, what: string): AppSchemas[N] {
  const problems = contractProblems(name, value);
  if (problems.length > 0) {
    const shown = problems.slice(0, 12);
    fail(`${what}: the answer does not match ${name} of spec/app.openapi.yaml:\n  ${shown.join('\n  ')}${problems.length > shown.length ? `\n  ... ${problems.length - shown.length} more` : ''}`, res);
  }
  return value as AppSchemas[N];
}
