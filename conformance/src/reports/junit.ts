/**
 * Renders a ConformanceReport as JUnit XML, the dialect CI test reporters read (Jenkins, GitLab,
 * GitHub test-report actions): `<testsuites>` with one `<testsuite>` per area and one `<testcase>`
 * per check result.
 *
 * Outcome mapping: `fail` is a `<failure>` (an `<error>` when the check crashed), `unexpected-pass`
 * a `<failure>`, `skip` and `expected-failure` a `<skipped>`; `warn` and `note` pass but carry a
 * `<system-out>` line ("WARN (SHOULD): ..." / "NOTE (MAY): ..."). Every testcase has `<properties>`
 * with its level, requirement IDs and outcome; every suite the run's seed, runs, profile, base URL
 * and target. Also exports `replayHint`, the command line that re-runs a failing property input.
 */
import type { CheckResult, ConformanceReport } from '../../../generated/conformance/report.js';
import { shellQuote } from '../curl.js';

/** How a result shows in JUnit. */
type CaseKind = 'pass' | 'failure' | 'error' | 'skipped';

const UNEXPECTED_PASS_MESSAGE = 'listed as an expected failure but passed: remove it from the expected-failures file';
/** Longest `message` attribute; the full text is in the element's body. */
const MAX_ATTRIBUTE_MESSAGE = 500;

// ---------------------------------------------------------------------------------------------
// XML escaping

/**
 * Characters XML 1.0 does not allow in a document (C0 controls other than tab, LF and CR, U+FFFE,
 * U+FFFF and unpaired surrogates). With the `u` flag, `[\uD800-\uDFFF]` matches only lone halves.
 */
const XML_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\uD800-\uDFFF]/gu;

function visibleEscape(ch: string): string {
  return `\\u${(ch.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`;
}

/**
 * Text content: `&`, `<`, `>` escaped, CR as a reference (parsers would turn a literal CR into LF),
 * forbidden characters shown as `\uXXXX`.
 */
export function xmlText(value: string): string {
  return value.replace(XML_FORBIDDEN, visibleEscape).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#13;');
}

/** Attribute value (double-quoted): also `"`, and tab/LF as references so they survive normalisation. */
export function xmlAttribute(value: string): string {
  return xmlText(value).replace(/"/g, '&quot;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;');
}

function attributes(attrs: Record<string, string | number | undefined>): string {
  return Object.entries(attrs)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([name, value]) => ` ${name}="${xmlAttribute(String(value))}"`)
    .join('');
}

/** `<name attrs>text</name>`, or `<name attrs/>` without text. */
function element(name: string, attrs: Record<string, string | number | undefined>, text?: string): string {
  return text === undefined || text === '' ? `<${name}${attributes(attrs)}/>` : `<${name}${attributes(attrs)}>${xmlText(text)}</${name}>`;
}

function properties(entries: ReadonlyArray<readonly [string, string]>, indent: string): string {
  if (entries.length === 0) return '';
  const lines = entries.map(([name, value]) => `${indent}  ${element('property', { name, value })}`);
  return `${indent}<properties>\n${lines.join('\n')}\n${indent}</properties>\n`;
}

// ---------------------------------------------------------------------------------------------
// Texts of a result

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}

function firstLine(text: string | undefined, fallback: string): string {
  const line = (text ?? '').split(/\r?\n/, 1)[0]?.trim() ?? '';
  if (line === '') return fallback;
  return line.length > MAX_ATTRIBUTE_MESSAGE ? `${line.slice(0, MAX_ATTRIBUTE_MESSAGE - 1)}…` : line;
}

/**
 * How the run addressed its target, for replay commands (the CLI knows; a report alone does not):
 * `target`, the arguments that address it with its secrets as environment variables
 * (`--base-url '...' --token "$SVC_TOKEN" --reader-token "$SVC_READER_TOKEN"`), and `options`, the
 * other options that change a check's verdict (`--profile quick --claims 'all'`).
 */
export interface ReplayArgs {
  target?: string;
  options?: string;
}

/**
 * The command that runs a failing property input again (`--seed`, and `--path` when fast-check gave
 * one), or undefined when the result has no seed. It runs as printed (`npx` finds the installed
 * svc-conformance) with the tokens, or the app's account, in the environment.
 */
export function replayHint(
  report: Pick<ConformanceReport, 'target' | 'baseUrl' | 'numRuns' | 'profile'>,
  result: Pick<CheckResult, 'id' | 'seed' | 'path'>,
  replay: ReplayArgs = {},
): string | undefined {
  if (result.seed === undefined) return undefined;
  const address = replay.target ?? (report.target === 'app' ? `--app-url ${shellQuote(report.baseUrl)} --account "$SVC_APP_ACCOUNT"` : `--base-url ${shellQuote(report.baseUrl)} --token "$SVC_TOKEN"`);
  const input = result.path === undefined ? `--seed ${result.seed} --runs ${report.numRuns}` : `--seed ${result.seed} --path ${shellQuote(result.path)}`;
  const options = replay.options ?? (report.profile === 'full' ? '' : ` --profile ${report.profile}`);
  return `npx svc-conformance ${report.target} ${address} ${input}${options} --only ${shellQuote(result.id)}`;
}

function indented(text: string): string {
  return text
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
}

/** Message, counterexample, seed/path with the replay command, curl line and stack, as plain text. */
function detailsText(report: ConformanceReport, result: CheckResult, replay: ReplayArgs): string {
  const parts: string[] = [];
  if (result.message !== undefined) parts.push(result.message);
  if (result.counterexample !== undefined) parts.push(`counterexample (shrunk):\n${indented(result.counterexample)}`);
  if (result.seed !== undefined) {
    const path = result.path === undefined ? '' : `, path ${JSON.stringify(result.path)}`;
    parts.push(`seed ${result.seed}${path}\nreplay: ${replayHint(report, result, replay) ?? ''}`);
  }
  if (result.curl !== undefined) parts.push(`reproduce:\n${indented(result.curl)}`);
  if (result.stack !== undefined) parts.push(`stack:\n${result.stack}`);
  return parts.join('\n\n');
}

// ---------------------------------------------------------------------------------------------
// Testcases and suites

function caseKind(result: CheckResult): CaseKind {
  switch (result.outcome) {
    case 'fail':
      return result.verdict === 'error' ? 'error' : 'failure';
    case 'unexpected-pass':
      return 'failure';
    case 'skip':
    case 'expected-failure':
      return 'skipped';
    case 'pass':
    case 'warn':
    case 'note':
      return 'pass';
  }
}

function caseProperties(result: CheckResult): Array<[string, string]> {
  const entries: Array<[string, string]> = [
    ['level', result.level],
    ['requirements', result.requirements.join(',')],
    ['outcome', result.outcome],
    ['verdict', result.verdict],
    ['exchanges', String(result.exchanges)],
  ];
  if (result.outcome === 'warn' || result.outcome === 'note') entries.push([result.outcome, firstLine(result.message, result.outcome)]);
  if (result.expectedFailureReason !== undefined) entries.push(['expected-failure-reason', result.expectedFailureReason]);
  return entries;
}

/** The child element that carries the outcome (`<failure>`, `<error>`, `<skipped>`, `<system-out>`), or ''. */
function outcomeElement(report: ConformanceReport, result: CheckResult, replay: ReplayArgs): string {
  const details = detailsText(report, result, replay);
  switch (result.outcome) {
    case 'fail': {
      const name = caseKind(result) === 'error' ? 'error' : 'failure';
      const fallback = result.verdict === 'error' ? 'the check crashed' : 'the check failed';
      return element(name, { message: firstLine(result.message, fallback), type: result.verdict === 'error' ? 'error' : `${result.level} failure` }, details);
    }
    case 'unexpected-pass': {
      const reason = result.expectedFailureReason === undefined ? '' : `expected-failures file gives the reason: ${result.expectedFailureReason}`;
      return element('failure', { message: UNEXPECTED_PASS_MESSAGE, type: 'unexpected-pass' }, reason);
    }
    case 'expected-failure':
      return element('skipped', { message: `expected failure: ${result.expectedFailureReason ?? 'listed in the expected-failures file'}` }, details);
    case 'skip':
      return element('skipped', { message: firstLine(result.message, 'skipped') });
    case 'warn':
      return element('system-out', {}, `WARN (${result.unsupportedLevel ?? result.level}): ${details || 'the check failed'}`);
    case 'note':
      return element('system-out', {}, `NOTE (${result.unsupportedLevel ?? result.level}): ${details || 'the check failed'}`);
    case 'pass':
      return '';
  }
}

function testcase(report: ConformanceReport, result: CheckResult, replay: ReplayArgs): string {
  const open = `    <testcase${attributes({ classname: result.area, name: `${result.id}: ${result.name}`, time: seconds(result.durationMs) })}>\n`;
  const outcome = outcomeElement(report, result, replay);
  return `${open}${properties(caseProperties(result), '      ')}${outcome === '' ? '' : `      ${outcome}\n`}    </testcase>\n`;
}

function runProperties(report: ConformanceReport): Array<[string, string]> {
  const entries: Array<[string, string]> = [
    ['target', report.target],
    ['baseUrl', report.baseUrl],
    ['profile', report.profile],
    ['seed', String(report.seed)],
    ['numRuns', String(report.numRuns)],
    ['conformant', String(report.conformant)],
    ['tool', `${report.tool.name} ${report.tool.version}`],
  ];
  if (report.selection.only.length > 0) entries.push(['only', report.selection.only.join(',')]);
  if (report.selection.skip.length > 0) entries.push(['skip', report.selection.skip.join(',')]);
  if (report.selection.expectedFailuresFile !== undefined) entries.push(['expectedFailuresFile', report.selection.expectedFailuresFile]);
  return entries;
}

interface SuiteTotals {
  tests: number;
  failures: number;
  errors: number;
  skipped: number;
  ms: number;
}

function totals(results: readonly CheckResult[]): SuiteTotals {
  const kinds = results.map(caseKind);
  return {
    tests: results.length,
    failures: kinds.filter((k) => k === 'failure').length,
    errors: kinds.filter((k) => k === 'error').length,
    skipped: kinds.filter((k) => k === 'skipped').length,
    ms: results.reduce((sum, r) => sum + r.durationMs, 0),
  };
}

function suiteAttributes(name: string, t: SuiteTotals, timestamp?: string): Record<string, string | number | undefined> {
  return { name, tests: t.tests, failures: t.failures, errors: t.errors, skipped: t.skipped, time: seconds(t.ms), timestamp };
}

function testsuite(report: ConformanceReport, name: string, results: readonly CheckResult[], replay: ReplayArgs): string {
  const head = `  <testsuite${attributes(suiteAttributes(name, totals(results), report.startedAt))}>\n`;
  return `${head}${properties(runProperties(report), '    ')}${results.map((r) => testcase(report, r, replay)).join('')}  </testsuite>\n`;
}

/** Results grouped by area, in `report.areas` order, then any area only the results name. */
function resultsByArea(report: ConformanceReport): Map<string, CheckResult[]> {
  const groups = new Map<string, CheckResult[]>(report.areas.map((a) => [a.area, []]));
  for (const result of report.results) {
    const group = groups.get(result.area);
    if (group === undefined) groups.set(result.area, [result]);
    else group.push(result);
  }
  return groups;
}

// ---------------------------------------------------------------------------------------------

export function renderJunit(report: ConformanceReport, replay: ReplayArgs = {}): string {
  const prefix = `svc-conformance.${report.target}`;
  const groups = [...resultsByArea(report)];
  const suites =
    groups.length === 0
      ? // A run with no results still carries its run properties.
        testsuite(report, prefix, [], replay)
      : groups.map(([area, results]) => testsuite(report, `${prefix}.${area}`, results, replay)).join('');
  const all = totals(report.results);
  const head = `<testsuites${attributes({ ...suiteAttributes(prefix, all), time: seconds(report.durationMs) })}>\n`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${head}${suites}</testsuites>\n`;
}
