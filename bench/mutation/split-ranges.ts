// A file too slow to mutate in one sitting (the sync engine: every sync check reaches each of its
// mutants) cut into line ranges, each its own `--by-file` part. Stryker mutates only the mutants that
// lie wholly inside a range, so a cut must never fall inside a mutant (a method's body, a multi-line
// call): the cuts are placed with the mutants Stryker's own instrumenter finds in the file, only on a
// line no mutant spans, and so that the ranges hold about as many mutants each.
import { Instrumenter } from '@stryker-mutator/instrumenter';
import type { Logger } from '@stryker-mutator/api/logging';

/** Lines of a mutant, 1-based, first and last. */
export interface Span {
  first: number;
  last: number;
}

/** Lines `from`..`to` of a file (1-based, inclusive) and how many mutants lie in them. */
export interface LineRange {
  from: number;
  to: number;
  mutants: number;
}

const quiet: Logger = {
  isTraceEnabled: () => false,
  isDebugEnabled: () => false,
  isInfoEnabled: () => false,
  isWarnEnabled: () => false,
  isErrorEnabled: () => false,
  isFatalEnabled: () => false,
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  fatal: () => undefined,
};

/** The line spans of the mutants Stryker makes of a file (with its default mutators, as the runs use), or of its lines `range` as `file:from-to` does. */
export async function mutantSpans(name: string, content: string, range?: { from: number; to: number }): Promise<Span[]> {
  const mutate = range === undefined ? true : [{ start: { line: range.from - 1, column: 0 }, end: { line: range.to - 1, column: Number.MAX_SAFE_INTEGER } }];
  const result = await new Instrumenter(quiet).instrument([{ name, content, mutate }], { plugins: null, excludedMutations: [], ignorers: [] });
  // The instrumenter's lines count from 0.
  return result.mutants.map((m) => ({ first: m.location.start.line + 1, last: m.location.end.line + 1 }));
}

/**
 * At most `count` ranges covering lines 1..`lineCount`, cut only before a line no mutant spans
 * (none starts above it and ends on or below it), each with about its share of the mutants. Every
 * mutant lies wholly in one range; fewer ranges come back when the file has fewer places to cut.
 */
export function cutRanges(spans: readonly Span[], lineCount: number, count: number): LineRange[] {
  if (!Number.isInteger(count) || count < 1) throw new Error(`a file is cut into 1 or more ranges; got ${count}`);
  const spanned = (line: number) => spans.some((s) => s.first < line && s.last >= line);
  // Mutants starting on each line and before it: where the k-th share of the mutants ends.
  const startingBefore = (line: number) => spans.filter((s) => s.first < line).length;
  const cuts: number[] = [];
  for (let k = 1; k < count; k += 1) {
    const share = (spans.length * k) / count;
    let best: number | undefined;
    for (let line = (cuts.at(-1) ?? 1) + 1; line <= lineCount; line += 1) {
      if (spanned(line)) continue;
      if (best === undefined || Math.abs(startingBefore(line) - share) < Math.abs(startingBefore(best) - share)) best = line;
      if (startingBefore(line) >= share) break;
    }
    // No cut that leaves mutants on both sides: fewer ranges.
    if (best === undefined || startingBefore(best) === startingBefore(cuts.at(-1) ?? 1) || startingBefore(best) === spans.length) continue;
    cuts.push(best);
  }
  const bounds = [1, ...cuts, lineCount + 1];
  return bounds.slice(0, -1).map((from, i) => {
    const to = (bounds[i + 1] ?? lineCount + 1) - 1;
    return { from, to, mutants: spans.filter((s) => s.first >= from && s.last <= to).length };
  });
}
