// The report formats of svc-conformance (spec/conformance/*.schema.json) are valid JSON Schema
// 2020-12 and their examples fit them.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';

const read = (file: string): { examples?: unknown[] } & object =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../conformance/${file}`, import.meta.url)), 'utf8')) as { examples?: unknown[] } & object;

describe.each(['report.schema.json', 'expected-failures.schema.json'])('spec/conformance/%s', (file) => {
  it('compiles under JSON Schema 2020-12 in strict mode, and its examples fit it', () => {
    const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false });
    addFormats.default(ajv);
    const schema = read(file);
    const validate = ajv.compile(schema);
    for (const example of schema.examples ?? []) expect(validate(example), JSON.stringify(validate.errors)).toBe(true);
  });
});
