// The mutation results: a survivor bench/mutation/explained/ explains moves, with its count, among
// the equivalent ones; the others stay survivors; the score follows.
import { describe, expect, it } from 'vitest';
import { renderMarkdown, score, withExplanations, type RunRecord } from '../mutation/results.js';

const file = 'server/src/graphql/materialize.ts';
const counts = (survived: number, ignored: number) => ({ Killed: 8, Timeout: 0, Survived: survived, NoCoverage: 0, Ignored: ignored, RuntimeError: 0, CompileError: 0, killedBelowMust: 0 });

function record(): RunRecord {
  return {
    label: 'graphql',
    module: 'graphql',
    mutate: ['server/src/graphql/**/*.ts'],
    checks: ['graphql'],
    profile: 'quick',
    seed: 1,
    date: '2026-11-26T00:00:00.000Z',
    durationMs: 60_000,
    machine: 'test',
    total: counts(2, 1),
    files: { [file]: counts(2, 1) },
    survivors: [
      { file, line: 110, mutator: 'ConditionalExpression', original: "'start' in v || 'end' in v", replacement: 'false' },
      { file, line: 111, mutator: 'LogicalOperator', original: "'latitude' in v || 'longitude' in v", replacement: "'latitude' in v && 'longitude' in v" },
    ],
    equivalent: [{ file, line: 40, mutator: 'BlockStatement', original: '{ … }', replacement: '{}', reason: 'marked in the source' }],
  };
}

describe('mutation results', () => {
  it('moves an explained survivor among the equivalent ones, with its reason and count', () => {
    const r = withExplanations(record());
    expect(r.survivors.map((m) => m.line)).toEqual([111]);
    expect(r.equivalent.map((m) => m.line)).toEqual([40, 110]);
    expect(r.equivalent[1]?.reason).toMatch(/range or a location/);
    expect(r.total.Survived).toBe(1);
    expect(r.total.Ignored).toBe(2);
    expect(r.files[file]?.Survived).toBe(1);
    expect(score(r.total)).toBeCloseTo(8 / 9);
  });

  it('leaves a survivor whose replacement differs from the explained one a survivor', () => {
    const original = record();
    expect(withExplanations(original).survivors).toHaveLength(1);
    expect(original.survivors).toHaveLength(2);
    expect(renderMarkdown([original])).toContain('Surviving mutants (1)');
  });
});
