// A file cut into line ranges (`split` of a module, `--by-file`): Stryker mutates only the mutants
// wholly inside a range, so the ranges must hold every mutant of the file, each once.
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { assemble, isCurrent, mutateOf, partsOf, selectParts, splitParts } from '../mutation/by-file.js';
import { moduleNamed, type MutationModule } from '../mutation/modules.js';
import { renderMarkdown, sourceDigest, type Counts, type RunRecord } from '../mutation/results.js';
import { cutRanges, mutantSpans } from '../mutation/split-ranges.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const sync = moduleNamed('sync') as MutationModule;
const engine = 'server/src/integrations/sync/engine.ts';

describe('cutting a file into line ranges', () => {
  it('cuts only on lines no mutant spans, with about equal shares, and fewer ranges where it cannot cut', () => {
    // Lines 1-10: a mutant over 2-9 (a function body) and one on each of lines 3, 5, 7, and 10.
    const spans = [{ first: 2, last: 9 }, { first: 3, last: 3 }, { first: 5, last: 5 }, { first: 7, last: 7 }, { first: 10, last: 10 }];
    expect(cutRanges(spans, 10, 2)).toEqual([{ from: 1, to: 9, mutants: 4 }, { from: 10, to: 10, mutants: 1 }]);
    expect(cutRanges(spans, 10, 5)).toEqual([{ from: 1, to: 9, mutants: 4 }, { from: 10, to: 10, mutants: 1 }]);
    const flat = [1, 2, 3, 4, 5, 6].map((line) => ({ first: line, last: line }));
    expect(cutRanges(flat, 6, 3).map((r) => r.mutants)).toEqual([2, 2, 2]);
    expect(cutRanges(flat, 6, 1)).toEqual([{ from: 1, to: 6, mutants: 6 }]);
    // A block of 5 mutants (lines 2-6) cannot be cut: in two ranges the best is 6 + 4, in three or four
    // no range holds more than the block.
    const lumpy = [{ first: 1, last: 1 }, { first: 2, last: 6 }, { first: 3, last: 3 }, { first: 4, last: 4 }, { first: 5, last: 5 }, { first: 6, last: 6 }, ...[7, 8, 9, 10].map((l) => ({ first: l, last: l }))];
    for (const [count, largest] of [[2, 6], [3, 5], [4, 5]] as const) {
      const cut = cutRanges(lumpy, 10, count);
      expect(cut).toHaveLength(count);
      expect(Math.max(...cut.map((r) => r.mutants))).toBe(largest);
      expect(cut.reduce((n, r) => n + r.mutants, 0)).toBe(10);
    }
    // Lines without mutants at the end or between go with a range that has some.
    expect(cutRanges([{ first: 1, last: 1 }, { first: 2, last: 2 }], 5, 4)).toEqual([{ from: 1, to: 1, mutants: 1 }, { from: 2, to: 5, mutants: 1 }]);
    expect(() => cutRanges(flat, 6, 0)).toThrow(/1 or more ranges/);
  });

  it('holds every mutant Stryker makes of the sync engine in exactly one of its ranges', async () => {
    const text = await readFile(join(ROOT, engine), 'utf8');
    const parts = await splitParts(partsOf(sync, [engine]), sync.split, new Map([[engine, text]]));
    expect(parts.length).toBe(sync.split?.[engine]);
    const whole = await mutantSpans(engine, text);
    let sum = 0;
    for (const part of parts) {
      const range = part.range;
      if (range === undefined) throw new Error('a range of a split file');
      // What Stryker mutates for `engine.ts:<from>-<to>`, as the run is given it.
      const inRange = await mutantSpans(engine, text, range);
      expect(inRange.length).toBe(range.mutants);
      expect(mutateOf(part)).toBe(`${engine}:${range.from}-${range.to}`);
      sum += inRange.length;
    }
    expect(sum).toBe(whole.length);
    expect(parts.map((p) => p.path)).toEqual(parts.map((_, i) => `${engine}#${i + 1}of${parts.length}`));
  }, 60_000);
});

describe('the ranges of a split file as parts', () => {
  const counts = (killed: number, survived: number): Counts => ({ Killed: killed, Timeout: 0, Survived: survived, NoCoverage: 0, Ignored: 0, RuntimeError: 0, CompileError: 0, killedBelowMust: 0 });
  const text = 'a\nb\nc\nd\n';
  const parts = [
    { path: `${engine}#1of2`, files: [engine], range: { from: 1, to: 2, mutants: 3 } },
    { path: `${engine}#2of2`, files: [engine], range: { from: 3, to: 5, mutants: 2 } },
  ];
  const record = (i: number, killed: number, survived: number, date: string): RunRecord => ({
    label: parts[i]?.path ?? '',
    module: 'sync',
    mutate: [mutateOf(parts[i] ?? parts[0]!)],
    checks: sync.checks,
    profile: 'full',
    seed: 7,
    date,
    durationMs: 1000,
    machine: 'test',
    total: counts(killed, survived),
    files: { [engine]: counts(killed, survived) },
    survivors: [],
    equivalent: [],
    sources: { [engine]: sourceDigest(text) },
  });

  it('are picked by the file name (all) or the range name (one)', () => {
    expect(selectParts(parts, ['engine.ts'])).toEqual(new Set(parts.map((p) => p.path)));
    expect(selectParts(parts, ['engine.ts#2of2'])).toEqual(new Set([`${engine}#2of2`]));
  });

  it('stand only for the same lines of the same text', () => {
    const want = { checks: sync.checks, profile: 'full', seed: 7 };
    const texts = new Map([[engine, text]]);
    expect(isCurrent(record(0, 3, 0, '2026-11-28'), texts, { ...want, mutate: `${engine}:1-2` })).toBe(true);
    expect(isCurrent(record(0, 3, 0, '2026-11-28'), texts, { ...want, mutate: `${engine}:1-3` })).toBe(false);
    expect(isCurrent(record(0, 3, 0, '2026-11-28'), new Map([[engine, 'changed']]), { ...want, mutate: `${engine}:1-2` })).toBe(false);
  });

  it('add up to one file, missing until every range has a record, dated by its latest range', () => {
    const one = assemble(sync, { profile: 'full', seed: 7 }, parts, new Map([[parts[0]!.path, record(0, 3, 0, '2026-11-27T00:00:00Z')]]));
    expect(one.assembled?.missing).toEqual([engine]);
    expect(one.assembled?.rangesDone).toEqual({ [engine]: '1 of 2' });
    expect(one.total).toEqual(counts(3, 0));
    expect(renderMarkdown([one])).toContain(`the counts leave out \`${engine}\` (but for 1 of 2 line ranges, which count)`);
    expect(one.assembled?.files).toBe(0);
    expect(one.assembled?.of).toBe(1);
    const both = assemble(sync, { profile: 'full', seed: 7 }, parts, new Map([[parts[0]!.path, record(0, 3, 0, '2026-11-27T00:00:00Z')], [parts[1]!.path, record(1, 1, 1, '2026-11-28T00:00:00Z')]]));
    expect(both.assembled?.missing).toEqual([]);
    expect(both.assembled?.rangesDone).toEqual({});
    expect(both.files[engine]).toEqual(counts(4, 1));
    expect(both.total).toEqual(counts(4, 1));
    expect(both.assembled?.fileDates?.[engine]).toBe('2026-11-28T00:00:00Z');
  });
});
