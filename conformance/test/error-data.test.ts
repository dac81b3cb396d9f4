// The error data the suite expects is the spec's: the ErrorName table of spec/service.openapi.yaml.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_DATA, dataProblems } from '../src/error-data.js';

function specTable(): Record<string, string[]> {
  const spec = readFileSync(new URL('../../spec/service.openapi.yaml', import.meta.url), 'utf8');
  const start = spec.indexOf('\n    ErrorName:\n');
  const block = spec.slice(start, spec.indexOf('\n    ErrorNameField:', start));
  const table: Record<string, string[]> = {};
  for (const match of block.matchAll(/^\s*\| `([a-z.-]+\.error\/[a-z0-9?-]+)` \| .*? \| `\{(.*?)\}` \|\s*$/gm)) {
    table[match[1] as string] = (match[2] as string).split(',').map((k) => k.trim()).filter((k) => k !== '');
  }
  return table;
}

describe('error data (spec ErrorName table)', () => {
  it('lists every error name of the spec with the data keys the spec gives it', () => {
    const table = specTable();
    expect(Object.keys(table).length).toBeGreaterThan(40);
    expect(ERROR_DATA).toEqual(table);
  });

  it('names missing keys and wrong fixed values, and lets optional keys be absent', () => {
    expect(dataProblems('entity.error/query-value-invalid', { field: 'q/where', expected: 'a number' })).toEqual(['data.value is missing']);
    expect(dataProblems('document.error/format-unsupported', { field: 'content' })).toEqual(['data.field is "content", not "format"']);
    expect(dataProblems('integration.error/app-failed', { operation: 'validate' })).toEqual([]);
    expect(dataProblems('vendor.error/something-else', {})).toEqual([]);
    expect(dataProblems('entity.error/query-value-invalid', { field: '', value: 1, expected: 'a number' })).toEqual(['data.field is empty']);
    expect(dataProblems('entity.error/query-value-invalid', { field: 'q/where', value: 1, expected: '' })).toEqual(['data.expected is empty']);
  });
});
