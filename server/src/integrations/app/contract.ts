// The app contract as a checker of the apps' answers: the component schemas of
// spec/app.openapi.yaml (the source of truth, read once), compiled with ajv (JSON Schema 2020-12,
// as OpenAPI 3.1 uses). Unknown extra keys are allowed wherever the contract allows them (APP-077).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import type { components } from '../../../../generated/app/types.js';

export const APP_SPEC_PATH = fileURLToPath(new URL('../../../../spec/app.openapi.yaml', import.meta.url));

export type AppSchemaName = keyof components['schemas'];

const DOCUMENT_ID = 'app.openapi.yaml';

let ajv: Ajv2020 | undefined;
const compiled = new Map<AppSchemaName, ValidateFunction>();

function validator(name: AppSchemaName): ValidateFunction {
  const known = compiled.get(name);
  if (known) return known;
  if (!ajv) {
    const spec = parse(readFileSync(APP_SPEC_PATH, 'utf8')) as { components: { schemas: Record<string, unknown> } };
    // `strict: false`: OpenAPI keywords (`example`, `discriminator`) are annotations here.
    ajv = new Ajv2020({ strict: false, allErrors: false });
    addFormats.default(ajv);
    ajv.addFormat('binary', true);
    ajv.addSchema({ $id: DOCUMENT_ID, components: { schemas: spec.components.schemas } });
  }
  const fn = ajv.getSchema(`${DOCUMENT_ID}#/components/schemas/${name}`);
  if (!fn) throw new Error(`spec/app.openapi.yaml has no component schema ${name}`);
  compiled.set(name, fn);
  return fn;
}

function describe(error: ErrorObject): string {
  const where = error.instancePath === '' ? 'the answer' : error.instancePath;
  const params = error.params as Record<string, unknown>;
  const allowed = Array.isArray(params['allowedValues']) ? ` (${(params['allowedValues'] as unknown[]).map((v) => JSON.stringify(v)).join(', ')})` : '';
  return `${where} ${error.message ?? 'is invalid'}${allowed}`;
}

/**
 * Checks a value against a component schema of the app contract. Answers undefined when it
 * conforms, else the first problem, naming its JSON path (`/items/3/__syncAction must be ...`).
 */
export function contractProblem(name: AppSchemaName, value: unknown): string | undefined {
  const fn = validator(name);
  if (fn(value)) return undefined;
  const first = fn.errors?.[0];
  return first ? describe(first) : 'the answer does not match the contract';
}
