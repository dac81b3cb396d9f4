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
 * (none starts above it and ends on or below it), with the largest range as small as the cuts
 * allow. Every mutant lies wholly in one range; a range without mutants is merged into the next,
 * so fewer ranges come back when the file has fewer places to cut.
 */
export function cutRanges(spans: readonly Span[], lineCount: number, count: number): LineRange[] {
  if (!Number.isInteger(count) || count < 1) throw new Error(`a file is cut into 1 or more ranges; got ${count}`);
  // Where a range may start: line 1, every line no mutant spans, and the end (lineCount + 1).
  const points = [1];
  for (let line = 2; line <= lineCount; line += 1) if (!spans.some((s) => s.first < line && s.last >= line)) points.push(line);
  points.push(lineCount + 1);
  // With no mutant across a cut, a range holds the mutants that start in it.
  const before = points.map((line) => spans.filter((s) => s.first < line).length);
  const size = (i: number, j: number) => (before[j] ?? 0) - (before[i] ?? 0);
  // best[k][j]: the smallest largest range over points[0]..points[j] in k ranges; from[k][j]: its last cut.
  const last = points.length - 1;
  const best: number[][] = [points.map((_, j) => (j === 0 ? 0 : Infinity))];
  const from: number[][] = [points.map(() => 0)];
  for (let k = 1; k <= count; k += 1) {
    const row = points.map(() => Infinity);
    const cut = points.map(() => 0);
    for (let j = 1; j <= last; j += 1) {
      for (let i = 0; i < j; i += 1) {
        const worst = Math.max(best[k - 1]?.[i] ?? Infinity, size(i, j));
        if (worst < (row[j] ?? Infinity)) {
          row[j] = worst;
          cut[j] = i;
        }
      }
    }
    best.push(row);
    from.push(cut);
  }
  // A file with fewer places to cut than `count` has no way into `count` ranges: the most ranges of the smallest largest one.
  let ranges = 1;
  for (let k = 2; k <= count; k += 1) if ((best[k]?.[last] ?? Infinity) <= (best[ranges]?.[last] ?? Infinity)) ranges = k;
  const bounds = [last];
  for (let k = ranges; k >= 1; k -= 1) bounds.unshift(from[k]?.[bounds[0] ?? 0] ?? 0);
  // Drop each cut that would close a range without mutants: its lines go with the next range (the last, with the one before).
  const kept = [0];
  for (const b of bounds.slice(1, -1)) if (size(kept.at(-1) ?? 0, b) > 0) kept.push(b);
  if (kept.length > 1 && size(kept.at(-1) ?? 0, last) === 0) kept.pop();
  kept.push(last);
  const lines = kept.map((b) => points[b] ?? 1);
  return lines.slice(0, -1).map((first, i) => {
    const to = (lines[i + 1] ?? lineCount + 1) - 1;
    return { from: first, to, mutants: spans.filter((s) => s.first >= first && s.last <= to).length };
  });
}
