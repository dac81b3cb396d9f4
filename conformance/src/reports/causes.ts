/**
 * Groups the findings of a report (fail, unexpected pass, warn, note, expected failure) by cause:
 * results of the same outcome whose messages show the same kind of mismatch are one cause. The kind
 * of a message is its first line with the parts that differ from request to request taken out: the
 * context before the mismatch ("creating a Group: "), the property-run preamble, quoted strings,
 * JSON excerpts, UUIDs, URLs and numbers other than HTTP statuses. So twenty checks that each got a
 * 500 where they expected a 200 make one cause with a count of twenty.
 *
 * Causes come most serious first (outcome order), then by the number of requirements they affect,
 * then by the number of checks: the first MUST cause is what to fix first.
 */
import type { CheckResult, ConformanceReport, Level, Outcome } from '../../../generated/conformance/report.js';

/** Outcomes that are findings, most serious first. */
export const FINDINGS: readonly Outcome[] = ['fail', 'unexpected-pass', 'warn', 'note', 'expected-failure'];

export interface Cause {
  /** Stable within one report: `cause-1`, `cause-2`, ... in the order of `causesOf`. */
  id: string;
  outcome: Outcome;
  /** The kind of mismatch, for the card's title. */
  kind: string;
  /** Every result of the cause, in report order. */
  results: CheckResult[];
  /** The requirement IDs the cause's checks cover, each once, in first-seen order. */
  requirements: string[];
  /** The highest level among its checks. */
  level: Level;
}

const LEVEL_RANK: Readonly<Record<Level, number>> = { MUST: 0, SHOULD: 1, MAY: 2 };
/** Longest kind shown; the examples carry the whole message. */
const MAX_KIND = 200;

const PROPERTY_PREAMBLE = /^property falsified after \d+ run\(s\), shrunk \d+ time\(s\)(?: \([^)]*\))?: /;
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
const URL_PATTERN = /\bhttps?:\/\/[^\s'"`<>]+/g;
const QUOTED = /"(?:[^"\\]|\\.)*"|`[^`]*`/g;
/** Numbers, except 3-digit HTTP statuses after `status`/`got`/`answered`, which name the mismatch. */
const NUMBER = /(?<!(?:status|got|answered|with) )(?<![\w.])-?\d+(?:\.\d+)?(?![\w.])/g;
/** An identifier with digits in it (generated type names, ids): `Conf1x263621e5/Items`. */
const GENERATED_NAME = /\b[A-Za-z][A-Za-z]*\d[\w~-]*(?:\/[\w~ -]+)?/g;

/** The kind of mismatch a message shows (see the module comment). */
export function mismatchKind(result: Pick<CheckResult, 'message' | 'verdict' | 'outcome'>): string {
  if (result.outcome === 'unexpected-pass') return 'listed as an expected failure but passed';
  const message = result.message ?? (result.verdict === 'error' ? 'the check crashed' : 'the check failed');
  let line = (message.split('\n', 1)[0] ?? '').trim().replace(PROPERTY_PREAMBLE, '');
  // The context before the mismatch ("creating a Group: ") differs from check to check.
  const expected = line.search(/\bexpected\b/);
  if (expected > 0) line = line.slice(expected);
  // What came back after the status (`got status 500: {...}`) is an excerpt of the body.
  line = line.replace(/(\bgot (?:status )?\d{3})\b.*$/, '$1');
  const kind = line
    .replace(URL_PATTERN, '<url>')
    .replace(UUID, '<id>')
    .replace(QUOTED, '"…"')
    .replace(GENERATED_NAME, '…')
    .replace(NUMBER, 'N')
    .replace(/\s+/g, ' ')
    .trim();
  return kind.length > MAX_KIND ? `${kind.slice(0, MAX_KIND - 1)}…` : kind || 'the check failed';
}

/** The findings of a report grouped by cause, most serious first (see the module comment). */
export function causesOf(report: Pick<ConformanceReport, 'results'>): Cause[] {
  const groups = new Map<string, Omit<Cause, 'id'>>();
  for (const result of report.results) {
    if (!FINDINGS.includes(result.outcome)) continue;
    const kind = mismatchKind(result);
    const key = `${result.outcome}\u0000${kind}`;
    const group = groups.get(key);
    if (group === undefined) {
      groups.set(key, { outcome: result.outcome, kind, results: [result], requirements: [...new Set(result.requirements)], level: result.level });
    } else {
      group.results.push(result);
      for (const id of result.requirements) if (!group.requirements.includes(id)) group.requirements.push(id);
      if (LEVEL_RANK[result.level] < LEVEL_RANK[group.level]) group.level = result.level;
    }
  }
  return [...groups.values()]
    .map((group, index) => ({ group, index }))
    .sort(
      (a, b) =>
        FINDINGS.indexOf(a.group.outcome) - FINDINGS.indexOf(b.group.outcome) ||
        b.group.requirements.length - a.group.requirements.length ||
        b.group.results.length - a.group.results.length ||
        a.index - b.index,
    )
    .map(({ group }, i) => ({ id: `cause-${i + 1}`, ...group }));
}

/** The causes that fail the run (fail, unexpected pass): what to fix first, in that order. */
export function fixFirst(causes: readonly Cause[]): Cause[] {
  return causes.filter((c) => c.outcome === 'fail' || c.outcome === 'unexpected-pass');
}
