// The mutation results: a survivor bench/mutation/explained/ explains moves, with its count, among
// the equivalent ones; the others stay survivors; the score follows.
import { describe, expect, it } from 'vitest';
import { makeRecord, notedAgainstFull, notedAgainstLaterRuns, renderMarkdown, score, withExplanations, type RunRecord } from '../mutation/results.js';

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

describe('a run of code changed since', () => {
  it('is marked in its row and section when a file it mutated reads otherwise now', () => {
    const r = { ...record(), sources: { [file]: 'abc' } };
    expect(renderMarkdown([r], new Map([[file, 'abc']]))).not.toContain('(code changed since) |');
    const md = renderMarkdown([r], new Map([[file, 'abd']]));
    expect(md).toContain('| graphql (code changed since) | quick |');
    expect(md).toContain(`**Code changed since**: \`${file}\``);
    expect(renderMarkdown([r], new Map())).toContain('| graphql (code changed since) |');
    expect(renderMarkdown([record()], new Map())).not.toContain('(code changed since)');
  });
});

describe('quick survivors against the full run', () => {
  const survivor = { file, line: 111, mutator: 'LogicalOperator', original: 'a || b', replacement: 'a && b' };
  const quick = (sources?: Record<string, string>): RunRecord => ({ ...record(), survivors: [survivor], ...(sources ? { sources } : {}) });
  const full = (over: Partial<RunRecord>): RunRecord => ({ ...record(), profile: 'full', date: '2026-11-27T00:00:00.000Z', survivors: [], equivalent: [], ...over });

  it('says the full profile kills a quick survivor when both runs mutated the same code', () => {
    const noted = notedAgainstFull(quick({ [file]: 'abc' }), full({ sources: { [file]: 'abc' } }));
    expect(noted.survivors[0]?.reason).toBe('the full profile kills it (run of 2026-11-27, same code)');
  });

  it('says only that the full run does not list it when the code may have changed', () => {
    expect(notedAgainstFull(quick(), full({})).survivors[0]?.reason).toBe('not among the survivors of the full run (2026-11-27)');
    expect(notedAgainstFull(quick({ [file]: 'abc' }), full({ sources: { [file]: 'abd' } })).survivors[0]?.reason).toBeUndefined();
  });

  it('notes a survivor of both runs that a later path run of the full profile killed', () => {
    const reason = 'killed since: the run of `x` (2026-11-28), line 140 there';
    expect(notedAgainstFull(quick(), full({ survivors: [{ ...survivor, line: 140, reason }] })).survivors[0]?.reason).toBe(`the full profile kills it (${reason})`);
  });

  it('with the same code, takes the reason of an equivalent mutant of the same line only (the same text elsewhere is another mutant)', () => {
    const elsewhere = full({ sources: { [file]: 'abc' }, equivalent: [{ ...survivor, line: 95, reason: 'the same answer' }] });
    expect(notedAgainstFull(quick({ [file]: 'abc' }), elsewhere).survivors[0]?.reason).toBe('the full profile kills it (run of 2026-11-27, same code)');
    const here = full({ sources: { [file]: 'abc' }, equivalent: [{ ...survivor, reason: 'the same answer' }] });
    expect(notedAgainstFull(quick({ [file]: 'abc' }), here).survivors[0]?.reason).toBe(`equivalent in the full run (2026-11-27, line ${survivor.line} there): the same answer`);
  });

  it('gives a quick survivor the reason the full run left it out as equivalent with', () => {
    const noted = notedAgainstFull(quick(), full({ equivalent: [{ ...survivor, line: 95, reason: 'the same answer' }] }));
    expect(noted.survivors[0]?.reason).toBe('equivalent in the full run (2026-11-27, line 95 there): the same answer');
  });

  it('notes a mutant no quick check reaches with what the full run shows, keeping that no check reached it', () => {
    const uncovered = { ...survivor, reason: 'no check reaches it' };
    const noted = notedAgainstFull({ ...quick({ [file]: 'abc' }), survivors: [uncovered] }, full({ sources: { [file]: 'abc' } }));
    expect(noted.survivors[0]?.reason).toBe('no check of the quick profile reaches it; the full profile kills it (run of 2026-11-27, same code)');
    expect(notedAgainstFull({ ...quick(), survivors: [uncovered] }, full({ survivors: [{ ...uncovered }] })).survivors[0]?.reason).toBe('no check reaches it');
  });

  it('leaves a survivor of both runs, or of a file the full run did not mutate, without a note', () => {
    expect(notedAgainstFull(quick(), full({ survivors: [{ ...survivor, line: 140 }] })).survivors[0]?.reason).toBeUndefined();
    expect(notedAgainstFull(quick(), full({ files: {} })).survivors[0]?.reason).toBeUndefined();
  });

  it('says nothing of a survivor in a file the full run put together by file has not measured whole', () => {
    const assembled = { files: 0, of: 1, missing: [file], since: '2026-11-27T00:00:00.000Z', rangesDone: { [file]: '1 of 4' } };
    expect(notedAgainstFull(quick(), full({ assembled, equivalent: [{ ...survivor, line: 20, reason: 'another place' }] })).survivors[0]?.reason).toBeUndefined();
    expect(notedAgainstFull(quick(), full({ assembled: { ...assembled, files: 1, missing: [] } })).survivors[0]?.reason).toBe('not among the survivors of the full run (2026-11-27)');
  });
});

describe('a module run\'s survivor killed by a later run of a path', () => {
  const killedMutant = { file, line: 113, mutator: 'ConditionalExpression', original: "'start' in v || 'end' in v", replacement: 'false' };
  const pathRun = (over: Partial<RunRecord>): RunRecord => ({ ...record(), label: `${file}:100-120`, mutate: [`${file}:100-120`], date: '2026-11-28T00:00:00.000Z', survivors: [], killed: [killedMutant], ...over });

  it('is noted with the run that kills it and the line there (lines move as code changes); the counts stay', () => {
    const noted = notedAgainstLaterRuns(record(), [record(), pathRun({})]);
    expect(noted.survivors.map((m) => m.reason)).toEqual([`killed since: the run of \`${file}:100-120\` (2026-11-28), line 113 there`, undefined]);
    expect(noted.total).toEqual(record().total);
  });

  it('takes the nearest line of the same mutant, killed or marked equivalent since', () => {
    const marked = { ...killedMutant, line: 140, reason: 'equivalent: the same answer' };
    const run = pathRun({ killed: [{ ...killedMutant, line: 90 }], equivalent: [marked] });
    expect(notedAgainstLaterRuns({ ...record(), survivors: [{ ...killedMutant, line: 135 }] }, [run]).survivors[0]?.reason).toBe(`equivalent, marked since (the run of \`${file}:100-120\` (2026-11-28), line 140 there): equivalent: the same answer`);
    expect(notedAgainstLaterRuns({ ...record(), survivors: [{ ...killedMutant, line: 100 }] }, [run]).survivors[0]?.reason).toMatch(/^killed since: .*line 90 there$/);
  });

  it('is not noted by an earlier run, a run of the other profile or of another module, or one that did not kill it', () => {
    for (const other of [pathRun({ date: '2026-11-25T00:00:00.000Z' }), pathRun({ profile: 'full' }), pathRun({ module: 'query' }), pathRun({ killed: [] }), pathRun({ killed: undefined })]) {
      expect(notedAgainstLaterRuns(record(), [other]).survivors.every((m) => m.reason === undefined)).toBe(true);
    }
  });

  it('applies to a module\'s run only, and a path run keeps the mutants it killed while a module run does not', () => {
    expect(notedAgainstLaterRuns(pathRun({ survivors: record().survivors, date: '2026-11-20T00:00:00.000Z' }), [pathRun({})]).survivors.every((m) => m.reason === undefined)).toBe(true);
    const json = { files: { [file]: { source: "x\n'start' in v || 'end' in v\n", mutants: [{ mutatorName: 'ConditionalExpression', replacement: 'false', status: 'Killed', killedBy: [], location: { start: { line: 2, column: 1 }, end: { line: 2, column: 27 } } }] } } };
    const report = { json, durationMs: 1 };
    const asPath = makeRecord({ plan: { label: `${file}:1-3`, module: 'graphql', mutate: [`${file}:1-3`], checks: ['graphql'] }, profile: 'quick', seed: 1, report });
    expect(asPath.killed).toEqual([{ file, line: 2, mutator: 'ConditionalExpression', original: "'start' in v || 'end' in v", replacement: 'false' }]);
    expect(makeRecord({ plan: { label: 'graphql', module: 'graphql', mutate: [], checks: [] }, profile: 'quick', seed: 1, report }).killed).toBeUndefined();
  });
});

describe('an explanation bound to a line', () => {
  it('explains the mutant on its line only, not the same text elsewhere in the file', async () => {
    const { explanationOf } = await import('../mutation/explained/index.js');
    const m = { file: 'server/src/integrations/sync/apply-page.ts', mutator: 'ArrowFunction', original: '(id) => removals.get(id) as string', replacement: '() => undefined' };
    expect(explanationOf({ ...m, line: 181 })?.reason).toMatch(/REMOVE row is a delta row/);
    expect(explanationOf({ ...m, line: 180 })).toBeUndefined();
  });
});
