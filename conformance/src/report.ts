/**
 * Plain-text rendering of checks, results, the summary and the traceability gaps for the CLI.
 */
import type { Outcome, Traceability } from '../../generated/conformance/report.js';
import type { Check } from './check.js';
import type { CheckResult, RunSummary } from './runner.js';

export interface Style {
  pass(text: string): string;
  fail(text: string): string;
  warn(text: string): string;
  dim(text: string): string;
}

export const plainStyle: Style = { pass: (t) => t, fail: (t) => t, warn: (t) => t, dim: (t) => t };

/** The label of an outcome in the result lines. */
export const OUTCOME_LABEL: Readonly<Record<Outcome, string>> = {
  pass: 'PASS',
  fail: 'FAIL',
  warn: 'WARN',
  note: 'NOTE',
  skip: 'SKIP',
  'expected-failure': 'XFAIL',
  'unexpected-pass': 'XPASS',
};

function paint(outcome: Outcome, text: string, style: Style): string {
  switch (outcome) {
    case 'pass':
      return style.pass(text);
    case 'fail':
    case 'unexpected-pass':
      return style.fail(text);
    case 'warn':
      return style.warn(text);
    default:
      return style.dim(text);
  }
}

function indent(text: string, prefix = '      '): string {
  return text
    .split('\n')
    .map((line) => prefix + line)
    .join('\n');
}

/** `MUST    auth.missing-token  [AUTH-001]  name`, one line per check. */
export function formatCheckList(checks: readonly Check[]): string {
  const width = Math.max(0, ...checks.map((c) => c.id.length));
  return checks
    .map((c) => {
      const unsupported = c.unsupported === undefined ? '' : ` (if supported; unsupported: ${c.unsupported})`;
      return `${c.level.padEnd(6)}  ${c.id.padEnd(width)}  [${c.requirements.join(', ')}]  ${c.name}${unsupported}${c.cost === 'slow' ? ' (slow: full profile only)' : ''}`;
    })
    .join('\n');
}

/** `PASS   MUST    auth.missing-token  [AUTH-001]  name (12 ms)` and, unless it passed, the details below it. */
export function formatResult(result: CheckResult, idWidth = 0, style: Style = plainStyle): string {
  const label = paint(result.outcome, OUTCOME_LABEL[result.outcome].padEnd(5), style);
  const head = `${label}  ${result.level.padEnd(6)}  ${result.id.padEnd(idWidth)}  [${result.requirements.join(', ')}]  ${result.name} ${style.dim(`(${result.durationMs} ms)`)}`;
  if (result.outcome === 'pass') return head;
  const lines = [head];
  if (result.outcome === 'unexpected-pass') lines.push(indent(`listed as an expected failure (${result.expectedFailureReason ?? ''}) but it passed: take it off the expected-failures file`));
  if (result.outcome === 'expected-failure') lines.push(indent(`expected failure: ${result.expectedFailureReason ?? ''}`));
  if (result.message !== undefined) lines.push(indent(result.message));
  const details = result.details;
  if (details?.counterexample !== undefined) lines.push(indent('counterexample (shrunk):'), indent(details.counterexample, '        '));
  if (details?.seed !== undefined) lines.push(indent(`seed ${details.seed}${details.path === undefined ? '' : `, path ${JSON.stringify(details.path)}`}`));
  if (details?.curl !== undefined) lines.push(indent('reproduce:'), indent(details.curl, '        '));
  if (result.stack !== undefined) lines.push(indent(style.dim(result.stack)));
  return lines.join('\n');
}

export function formatSummary(summary: RunSummary): string {
  const levels = (['MUST', 'SHOULD', 'MAY'] as const)
    .filter((level) => summary.byLevel[level].total > 0)
    .map((level) => {
      const c = summary.byLevel[level];
      const parts = (['fail', 'warn', 'note', 'unexpected-pass', 'expected-failure', 'skip'] as const)
        .filter((o) => c[o] > 0)
        .map((o) => `${c[o]} ${o === 'fail' ? 'failed' : o === 'warn' ? 'warned' : o === 'note' ? 'noted' : o === 'skip' ? 'skipped' : o}`);
      return `${level} ${c.pass}/${c.total} passed${parts.length > 0 ? ` (${parts.join(', ')})` : ''}`;
    });
  const verdict = summary.interrupted !== undefined
    ? `NOT conformant (the run was cut short: ${summary.interrupted})`
    : summary.conformant
      ? 'conformant (every MUST check passed)'
      : 'NOT conformant (a MUST check failed)';
  const run = summary.exitCode === 0 ? '' : summary.counts['unexpected-pass'] > 0 && summary.counts.fail === 0 ? ' The run fails: an expected failure passed.' : '';
  const leftOut = summary.leftOutByProfile.length > 0 ? ` The ${summary.profile} profile left out ${summary.leftOutByProfile.length} slow checks.` : '';
  return `${summary.counts.total} checks in ${summary.durationMs} ms: ${levels.join('; ') || 'nothing run'}. ${verdict}.${run}${leftOut} profile ${summary.profile}, seed ${summary.seed}, ${summary.numRuns} runs per property`;
}

/** `Requirements: MUST 300/302 covered, ...` and the uncovered ones (MUST first). */
export function formatCoverage(trace: Traceability): string {
  const levels = (['MUST', 'SHOULD', 'MAY'] as const).map((level) => `${level} ${trace.coverage[level].covered}/${trace.coverage[level].total}`).join(', ');
  const lines = [`Requirements covered by a check: ${levels}.`];
  const rank = { MUST: 0, SHOULD: 1, MAY: 2 } as const;
  const gaps = [...trace.uncovered].sort((a, b) => rank[a.level] - rank[b.level]);
  if (gaps.length > 0) {
    lines.push(`Not covered (${gaps.length}):`);
    for (const gap of gaps) lines.push(`  ${gap.level.padEnd(6)}  ${gap.id}  ${gap.reason === undefined ? '(no reason given in spec/requirements.yaml)' : `reason: ${gap.reason.replace(/\s+/g, ' ').slice(0, 160)}`}`);
  }
  return lines.join('\n');
}
