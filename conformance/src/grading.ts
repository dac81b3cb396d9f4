/**
 * Grades a check's verdict by its level and by the expected-failures list: a failed or crashed
 * MUST check fails the run, a SHOULD one warns, a MAY one notes. "If supported, then correct": an
 * `unsupported` verdict (the target named the feature as one it lacks) is graded at the check's
 * `unsupported` level, while a wrong answer stays graded at its level. A listed failure is an expected
 * failure (the run goes on green); a listed check that passes is an unexpected pass (the run fails,
 * so that the list is kept true).
 */
import type { Level, Outcome, OutcomeCounts, Verdict } from '../../generated/conformance/report.js';

export const OUTCOMES: readonly Outcome[] = ['pass', 'fail', 'warn', 'note', 'skip', 'expected-failure', 'unexpected-pass'];

/** Outcomes that make the run fail (exit status 1). */
export const FAILING_OUTCOMES: ReadonlySet<Outcome> = new Set<Outcome>(['fail', 'unexpected-pass']);

const BY_LEVEL: Record<Level, Outcome> = { MUST: 'fail', SHOULD: 'warn', MAY: 'note' };

/** The level a verdict is graded at: the `unsupported` level for an unsupported verdict, else the check's level. */
export function gradedLevel(verdict: Verdict, level: Level, unsupportedLevel?: Level): Level {
  return verdict === 'unsupported' ? (unsupportedLevel ?? level) : level;
}

/** Did the check find the target lacking (failed, crashed or unsupported)? */
export function isFailedVerdict(verdict: Verdict): boolean {
  return verdict === 'fail' || verdict === 'error' || verdict === 'unsupported';
}

/**
 * The outcome of a verdict at a level; `expectedReason` is set when the check is in the
 * expected-failures list, `unsupportedLevel` when it verifies a feature beyond the contract's forms.
 */
export function grade(verdict: Verdict, level: Level, expectedReason?: string, unsupportedLevel?: Level): Outcome {
  if (verdict === 'skip') return 'skip';
  const failed = isFailedVerdict(verdict);
  if (expectedReason !== undefined) return failed ? 'expected-failure' : 'unexpected-pass';
  return failed ? BY_LEVEL[gradedLevel(verdict, level, unsupportedLevel)] : 'pass';
}

export function emptyOutcomeCounts(): OutcomeCounts {
  return { total: 0, pass: 0, fail: 0, warn: 0, note: 0, skip: 0, 'expected-failure': 0, 'unexpected-pass': 0 };
}

/** Counts outcomes (a fresh object). */
export function countOutcomes(outcomes: Iterable<Outcome>): OutcomeCounts {
  const counts = emptyOutcomeCounts();
  for (const outcome of outcomes) {
    counts.total += 1;
    counts[outcome] += 1;
  }
  return counts;
}
