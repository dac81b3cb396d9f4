/**
 * Plain-text rendering of checks and results for the CLI.
 */
import type { Check } from './check.js';
import type { CheckResult, RunSummary } from './runner.js';

export interface Style {
  pass(text: string): string;
  fail(text: string): string;
  dim(text: string): string;
}

export const plainStyle: Style = { pass: (t) => t, fail: (t) => t, dim: (t) => t };

function indent(text: string, prefix = '      '): string {
  return text
    .split('\n')
    .map((line) => prefix + line)
    .join('\n');
}

/** `MUST    auth.missing-token  [AUTH-001]  name`, one line per check. */
export function formatCheckList(checks: readonly Check[]): string {
  const width = Math.max(0, ...checks.map((c) => c.id.length));
  return checks.map((c) => `${c.level.padEnd(6)}  ${c.id.padEnd(width)}  [${c.requirements.join(', ')}]  ${c.name}`).join('\n');
}

/** `PASS   MUST    auth.missing-token  [AUTH-001]  name (12 ms)` and, on failure, the details below it. */
export function formatResult(result: CheckResult, idWidth = 0, style: Style = plainStyle): string {
  const verdict = result.verdict.toUpperCase().padEnd(5);
  const head = `${result.verdict === 'pass' ? style.pass(verdict) : style.fail(verdict)}  ${result.level.padEnd(6)}  ${result.id.padEnd(idWidth)}  [${result.requirements.join(', ')}]  ${result.name} ${style.dim(`(${result.durationMs} ms)`)}`;
  if (result.verdict === 'pass') return head;
  const lines = [head];
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
      const parts = [c.fail + c.error > 0 ? `${c.fail} failed, ${c.error} errored` : '', (c.skip ?? 0) > 0 ? `${c.skip} skipped` : ''].filter((p) => p !== '');
      return `${level} ${c.pass}/${c.total} passed${parts.length > 0 ? ` (${parts.join(', ')})` : ''}`;
    });
  const verdict = summary.exitCode === 0 ? 'conformant (every MUST check passed)' : 'NOT conformant (a MUST check failed)';
  return `${summary.totals.total} checks in ${summary.durationMs} ms: ${levels.join('; ') || 'nothing run'}. ${verdict}. seed ${summary.seed}, ${summary.numRuns} runs per property`;
}
