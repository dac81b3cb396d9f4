/**
 * The expected-failures file (`--expected-failures FILE`, YAML or JSON), as
 * spec/conformance/expected-failures.schema.json defines it: checks an implementation knows it
 * fails, by check ID, each with a reason.
 */
import { readFile } from 'node:fs/promises';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import type { ExpectedFailures } from '../../generated/conformance/expected-failures.js';
import type { Check } from './check.js';

const SCHEMA_URL = new URL('../../spec/conformance/expected-failures.schema.json', import.meta.url);

export class ExpectedFailuresError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExpectedFailuresError';
  }
}

let validator: ValidateFunction<ExpectedFailures> | undefined;

async function validate(document: unknown, source: string): Promise<ExpectedFailures> {
  validator ??= new Ajv2020({ allErrors: true, strict: false }).compile<ExpectedFailures>(JSON.parse(await readFile(SCHEMA_URL, 'utf8')) as object);
  if (!validator(document)) {
    const problems = (validator.errors ?? []).map((e) => `${e.instancePath === '' ? '(top level)' : e.instancePath} ${e.message ?? 'is invalid'}`);
    throw new ExpectedFailuresError(`${source}: not an expected-failures file (spec/conformance/expected-failures.schema.json): ${problems.join('; ')}`);
  }
  return document;
}

/**
 * Reads and checks the file against the schema and the target's checks: every entry must name a
 * check of the target, once. Answers check ID → reason.
 */
export async function loadExpectedFailures(path: string, checks: readonly Check[]): Promise<Map<string, string>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new ExpectedFailuresError(`cannot read the expected-failures file ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
  let document: unknown;
  try {
    document = parse(text) as unknown;
  } catch (error) {
    throw new ExpectedFailuresError(`${path} is neither YAML nor JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  return entriesOf(await validate(document, path), checks, path);
}

export function entriesOf(file: ExpectedFailures, checks: readonly Check[], source: string): Map<string, string> {
  const known = new Set(checks.map((c) => c.id));
  const problems: string[] = [];
  const out = new Map<string, string>();
  file.expectedFailures.forEach((entry, index) => {
    if (!known.has(entry.check)) problems.push(`expectedFailures[${index}].check ${JSON.stringify(entry.check)} is not a check of this target (see --list)`);
    else if (out.has(entry.check)) problems.push(`expectedFailures[${index}].check ${entry.check} is listed twice`);
    else out.set(entry.check, entry.reason);
  });
  if (problems.length > 0) throw new ExpectedFailuresError(`${source}: ${problems.join('; ')}`);
  return out;
}
