/**
 * Renders a ConformanceReport as one self-contained HTML file: inline CSS, a small inline script
 * (copy buttons, opening the collapsed section a link points into), no external resource at all.
 * A Content-Security-Policy meta tag allows only that style and that script (by hash), so the page
 * loads nothing and runs nothing else even if some text escaped its escaping. Readable without JS.
 *
 * Sections, one function each: header (target, address, profile, seed, runs, date, duration, the
 * verdict, counts by level) with what to fix first (`#fix-first`: the causes that fail the run,
 * those that affect the most requirements first), the pass/fail matrix by area (`#matrix`), the
 * findings grouped by cause (`#failures`, causes.ts: one card per kind of mismatch with its count,
 * its requirements and its first examples with counterexample, replay hint and curl line), the
 * traceability matrix
 * (`#traceability`) with coverage per level, the uncovered requirements (`#uncovered`), and every
 * result, collapsible per area (`#results`). All text goes through `esc`. Tables and long values
 * wrap to the page width (no horizontal scrolling of the page at 800 px and up).
 */
import { createHash } from 'node:crypto';
import type { CheckResult, ConformanceReport, Level, Outcome, OutcomeCounts, RequirementStatus, TraceRow } from '../../../generated/conformance/report.js';
import { causesOf, fixFirst, FINDINGS, type Cause } from './causes.js';
import { replayHint, type ReplayArgs } from './junit.js';

const OUTCOMES: readonly Outcome[] = ['pass', 'fail', 'warn', 'note', 'skip', 'expected-failure', 'unexpected-pass'];
const LEVELS: readonly Level[] = ['MUST', 'SHOULD', 'MAY'];
/** Examples shown in full on a cause's card; its other checks are listed below them. */
const EXAMPLES_PER_CAUSE = 3;
/** Causes listed under "What to fix first". */
const FIX_FIRST_SHOWN = 8;

type Mark = Outcome | RequirementStatus;

/** Text label and glyph of each outcome or requirement status: status is never shown by colour only. */
const LABELS: Record<Mark, { label: string; glyph: string }> = {
  pass: { label: 'PASS', glyph: '✓' },
  fail: { label: 'FAIL', glyph: '✗' },
  warn: { label: 'WARN', glyph: '!' },
  note: { label: 'NOTE', glyph: 'i' },
  skip: { label: 'SKIP', glyph: '–' },
  'expected-failure': { label: 'EXPECTED FAILURE', glyph: 'x' },
  'unexpected-pass': { label: 'UNEXPECTED PASS', glyph: '?' },
  'not-run': { label: 'NOT RUN', glyph: '·' },
  uncovered: { label: 'UNCOVERED', glyph: '∅' },
};

// ---------------------------------------------------------------------------------------------
// Helpers

/** Control characters (other than tab, LF, CR) and unpaired surrogates: invisible or dropped by HTML parsers. */
const INVISIBLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\uD800-\uDFFF]/gu;

/**
 * Escapes text for HTML element content and (double- or single-quoted) attribute values; control
 * characters and unpaired surrogates are shown as `\uXXXX`.
 */
export function esc(value: string | number | boolean): string {
  return String(value)
    .replace(INVISIBLE, (ch) => `\\u${(ch.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A `<pre>` of the text; the newline after `<pre>` keeps a leading newline of the text (parsers drop the first). */
function pre(text: string, id?: string): string {
  return `<pre${id === undefined ? '' : ` id="${esc(id)}"`}>\n${esc(text)}</pre>`;
}

/** A fragment ID from any string: ASCII letters, digits, `.`, `-` kept, anything else as `_xx_`. */
export function anchor(kind: 'check' | 'failure' | 'req', id: string): string {
  const safe = Array.from(id, (ch) => (/[A-Za-z0-9.-]/.test(ch) ? ch : `_${(ch.codePointAt(0) ?? 0).toString(16)}_`)).join('');
  return `${kind}-${safe}`;
}

function link(kind: 'check' | 'failure' | 'req', id: string, text = id): string {
  return `<a href="#${anchor(kind, id)}">${esc(text)}</a>`;
}

/** A coloured badge that also says its status in words. */
function badge(mark: Mark): string {
  return `<span class="badge m-${mark}">${esc(LABELS[mark].label)}</span>`;
}

function duration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms % 60_000) / 1000)} s`;
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

function countCell(counts: OutcomeCounts, outcome: Outcome): string {
  const n = counts[outcome];
  return n === 0 ? '<td class="num zero">0</td>' : `<td class="num m-${outcome}">${n}</td>`;
}

function countHeaders(): string {
  return OUTCOMES.map((o) => `<th scope="col" class="num">${esc(o)}</th>`).join('');
}

function preBlock(label: string, text: string, id?: string): string {
  return `<div class="block"><div class="block-label">${esc(label)}</div>${pre(text, id)}</div>`;
}

// ---------------------------------------------------------------------------------------------
// Page frame

const CSS = `
:root { color-scheme: light; --fg: #1a1a1a; --muted: #555; --line: #c8c8c8; }
* { box-sizing: border-box; }
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); background: #fff; margin: 0 auto; max-width: 1200px; padding: 1rem 1.5rem 3rem; overflow-wrap: anywhere; }
h1 { font-size: 1.5rem; margin: 0.5rem 0; } h2 { font-size: 1.25rem; margin-top: 2rem; border-bottom: 2px solid var(--line); padding-bottom: 0.2rem; }
h3 { font-size: 1.05rem; margin: 0 0 0.4rem; }
a { color: #0b4fa8; }
code, pre { font: 13px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
pre { background: #f4f4f4; border: 1px solid #ddd; padding: 0.5rem; white-space: pre-wrap; overflow-wrap: anywhere; margin: 0.2rem 0; }
table { border-collapse: collapse; margin: 0.5rem 0; width: 100%; }
.table-wrap { max-width: 100%; overflow-x: auto; }
th, td { border: 1px solid var(--line); padding: 0.25rem 0.45rem; text-align: left; vertical-align: top; overflow-wrap: anywhere; }
th { background: #eee; }
td.num, th.num { text-align: right; }
td.num { white-space: nowrap; }
thead th.num { font-size: 0.8rem; hyphens: auto; }
td.clip > span { display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 3; overflow: hidden; }
td.zero { color: #767676; }
dl.meta { display: grid; grid-template-columns: minmax(0, max-content) minmax(0, 1fr); gap: 0.15rem 1rem; margin: 0.5rem 0; }
dl.meta dt { font-weight: 600; } dl.meta dd { margin: 0; overflow-wrap: anywhere; }
.verdict { display: inline-block; font-size: 1.35rem; font-weight: 700; padding: 0.3rem 0.8rem; border-radius: 4px; border: 2px solid; }
.verdict.ok { background: #d6f5dd; color: #0a4d1a; border-color: #0a4d1a; }
.verdict.bad { background: #fde0e0; color: #7d0d0d; border-color: #7d0d0d; }
.badge { display: inline-block; font-size: 0.75rem; font-weight: 700; padding: 0 0.35rem; border-radius: 3px; border: 1px solid; white-space: nowrap; }
.m-pass { background: #d6f5dd; color: #0a4d1a; border-color: #0a4d1a; }
.m-fail { background: #fde0e0; color: #7d0d0d; border-color: #7d0d0d; }
.m-warn { background: #fff1c2; color: #5c3d00; border-color: #5c3d00; }
.m-note { background: #dcecfb; color: #0b3f6b; border-color: #0b3f6b; }
.m-skip, .m-not-run { background: #ececec; color: #3d3d3d; border-color: #3d3d3d; }
.m-expected-failure { background: #eee0fa; color: #4a2370; border-color: #4a2370; }
.m-unexpected-pass { background: #fbd9e8; color: #6e0c3a; border-color: #6e0c3a; }
.m-uncovered { background: #fff; color: #3d3d3d; border-color: #3d3d3d; border-style: dashed; }
td.m-pass, td.m-fail, td.m-warn, td.m-note, td.m-skip, td.m-expected-failure, td.m-unexpected-pass { font-weight: 700; border-color: var(--line); }
.cells { display: flex; flex-wrap: wrap; gap: 2px; }
a.cell { display: inline-block; min-width: 1.5em; height: 1.5em; line-height: 1.3em; text-align: center; border: 1px solid; border-radius: 2px; text-decoration: none; font-weight: 700; font-size: 0.8rem; }
a.cell:focus, a.cell:hover { outline: 2px solid #000; }
.legend { color: var(--muted); font-size: 0.85rem; }
.legend .cell-sample { display: inline-block; min-width: 1.3em; text-align: center; border: 1px solid; border-radius: 2px; font-weight: 700; margin-right: 0.2rem; }
article.finding { border: 1px solid var(--line); border-left-width: 6px; padding: 0.6rem 0.8rem; margin: 0.8rem 0; }
article.finding.m-fail, article.finding.m-unexpected-pass { border-left-color: #b3261e; }
article.finding.m-warn { border-left-color: #a86b00; } article.finding.m-note { border-left-color: #1f6fb2; }
article.finding.m-expected-failure { border-left-color: #6f3aa3; }
article.finding { background: #fff; color: var(--fg); }
section.cause { border: 1px solid var(--line); border-left-width: 8px; padding: 0.6rem 0.8rem; margin: 1rem 0; background: #fafafa; }
section.cause.m-fail, section.cause.m-unexpected-pass { border-left-color: #b3261e; }
section.cause.m-warn { border-left-color: #a86b00; } section.cause.m-note { border-left-color: #1f6fb2; }
section.cause.m-expected-failure { border-left-color: #6f3aa3; }
section.cause article.finding { margin: 0.6rem 0 0; }
.count { display: inline-block; font-weight: 700; border: 1px solid #333; border-radius: 1em; padding: 0 0.5rem; font-size: 0.85rem; background: #fff; color: #1a1a1a; }
#fix-first { border: 2px solid #7d0d0d; padding: 0.4rem 0.9rem; margin: 0.8rem 0; }
#fix-first.ok { border-color: #0a4d1a; }
#fix-first h2 { margin: 0.2rem 0 0.4rem; border: 0; }
#fix-first li { margin: 0.25rem 0; }
ul.more li { margin: 0.2rem 0; }
.block { margin: 0.4rem 0; } .block-label { font-weight: 600; font-size: 0.85rem; color: var(--muted); }
button.copy { font: inherit; font-size: 0.8rem; padding: 0.1rem 0.5rem; cursor: pointer; }
tr.gap td, li.gap { background: #fde0e0; color: #7d0d0d; }
ul#uncovered li { margin: 0.3rem 0; }
ul.plain { list-style: none; padding: 0; margin: 0; }
.gap-label { font-weight: 700; }
details.area { border: 1px solid var(--line); margin: 0.4rem 0; padding: 0.2rem 0.6rem; }
details.area > summary { cursor: pointer; font-weight: 600; }
.muted { color: var(--muted); }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
:target { outline: 3px solid #0b4fa8; outline-offset: 2px; }
`;

/** Copy buttons are hidden until this runs, so they never show dead without JS. */
const SCRIPT = `
(function () {
  function copyText(button, text) {
    function done(ok) { button.textContent = ok ? 'Copied' : 'Select and copy by hand'; }
    function fallback() {
      var area = document.createElement('textarea');
      area.value = text; document.body.appendChild(area); area.select();
      var ok = false; try { ok = document.execCommand('copy'); } catch (e) { ok = false; }
      document.body.removeChild(area); done(ok);
    }
    if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(text).then(function () { done(true); }, fallback);
    else fallback();
  }
  Array.prototype.forEach.call(document.querySelectorAll('button.copy'), function (button) {
    var source = document.getElementById(button.getAttribute('data-copy'));
    if (!source) return;
    button.hidden = false;
    button.addEventListener('click', function () { copyText(button, source.textContent || ''); });
  });
  function openTarget() {
    var id = decodeURIComponent(location.hash.slice(1));
    for (var node = id ? document.getElementById(id) : null; node; node = node.parentElement) {
      if (node.tagName === 'DETAILS') node.open = true;
    }
  }
  window.addEventListener('hashchange', openTarget);
  openTarget();
})();
`;

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('base64');
}

function head(report: ConformanceReport): string {
  const csp = `default-src 'none'; style-src 'sha256-${sha256(CSS)}'; script-src 'sha256-${sha256(SCRIPT)}'; base-uri 'none'; form-action 'none'`;
  const title = `svc-conformance ${report.target}: ${report.conformant ? 'conformant' : 'NOT conformant'}`;
  return [
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${esc(csp)}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${esc(title)}</title>`,
    `<style>${CSS}</style>`,
    '</head>',
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------
// Sections

function levelCountsTable(report: ConformanceReport): string {
  const rows = LEVELS.map((level) => {
    const c = report.byLevel[level];
    return `<tr><th scope="row">${level}</th><td class="num">${c.total}</td>${OUTCOMES.map((o) => countCell(c, o)).join('')}</tr>`;
  });
  const total = `<tr><th scope="row">all</th><td class="num">${report.counts.total}</td>${OUTCOMES.map((o) => countCell(report.counts, o)).join('')}</tr>`;
  return `<div class="table-wrap"><table id="by-level"><caption class="visually-hidden">Results by level</caption><thead><tr><th scope="col">level</th><th scope="col" class="num">checks</th>${countHeaders()}</tr></thead><tbody>${rows.join('')}${total}</tbody></table></div>`;
}

function selectionText(report: ConformanceReport): string {
  const s = report.selection;
  const parts = [
    s.only.length > 0 ? `only ${s.only.join(', ')}` : '',
    s.skip.length > 0 ? `skip ${s.skip.join(', ')}` : '',
    s.leftOutByProfile.length > 0 ? `${plural(s.leftOutByProfile.length, 'check')} left out by the ${report.profile} profile` : '',
    s.expectedFailuresFile !== undefined ? `expected failures from ${s.expectedFailuresFile}` : '',
  ].filter((p) => p !== '');
  return parts.length === 0 ? 'every check of the target' : parts.join('; ');
}

function causeSummary(cause: Cause): string {
  const checks = plural(cause.results.length, `${cause.level} check`);
  const requirements = plural(cause.requirements.length, 'requirement');
  const shown = cause.requirements.slice(0, 6).map((id) => link('req', id)).join(', ');
  const more = cause.requirements.length > 6 ? `, … ${cause.requirements.length - 6} more` : '';
  return `<span class="count">${esc(checks)}</span> ${esc(requirements)}${cause.requirements.length > 0 ? ` (${shown}${more})` : ''}`;
}

/**
 * What to fix first: the causes that fail the run, those that affect the most requirements (then the
 * most checks) first; without any, the warnings to look at.
 */
function fixFirstSection(report: ConformanceReport, causes: readonly Cause[]): string {
  const failing = fixFirst(causes);
  const list = failing.length > 0 ? failing : causes.filter((c) => c.outcome === 'warn');
  const intro =
    failing.length > 0
      ? `${plural(failing.length, 'cause')} ${failing.length === 1 ? 'fails' : 'fail'} the run. Fix them in this order (the one that affects the most requirements first):`
      : report.interrupted !== undefined
        ? 'No check failed, but the run was cut short: run it again with a longer --timeout.'
        : list.length > 0
          ? 'Nothing fails the run. The warnings (SHOULD), the one that affects the most requirements first:'
          : 'Nothing to fix: no check failed or warned.';
  const items = list.slice(0, FIX_FIRST_SHOWN).map(
    (cause) =>
      `<li data-cause="${esc(cause.id)}" data-count="${cause.results.length}">${badge(cause.outcome)} <a href="#${esc(cause.id)}">${esc(cause.kind)}</a> — ${causeSummary(cause)}; e.g. <code>${esc(cause.results[0]?.id ?? '')}</code></li>`,
  );
  const rest = list.length > FIX_FIRST_SHOWN ? `<p><a href="#h-failures">${esc(plural(list.length - FIX_FIRST_SHOWN, 'more cause'))}</a></p>` : '';
  return [
    `<section id="fix-first"${failing.length === 0 ? ' class="ok"' : ''}>`,
    '<h2 id="h-fix-first">What to fix first</h2>',
    `<p>${esc(intro)}</p>`,
    items.length > 0 ? `<ol>${items.join('\n')}</ol>` : '',
    rest,
    '</section>',
  ].join('\n');
}

function headerSection(report: ConformanceReport, causes: readonly Cause[]): string {
  const verdict = report.conformant
    ? '<p class="verdict ok" id="verdict">✓ conformant</p>'
    : '<p class="verdict bad" id="verdict">✗ NOT conformant</p>';
  const why =
    report.interrupted !== undefined
      ? `the run was cut short: ${report.interrupted}`
      : report.conformant
        ? 'every MUST check that ran passed'
        : 'a MUST check failed, crashed, or passed although listed as an expected failure';
  const gaps = report.traceability.uncovered.filter((u) => u.level === 'MUST').length;
  const meta: Array<[string, string]> = [
    ['Target', report.target],
    ['Base URL', report.baseUrl],
    ['Profile', report.profile],
    ['Seed', String(report.seed)],
    ['Runs per property', String(report.numRuns)],
    ['Started', report.startedAt],
    ['Duration', duration(report.durationMs)],
    ['Exit code', String(report.exitCode)],
    ['Selection', selectionText(report)],
    ['Uncovered MUST requirements', String(gaps)],
    ['Tool', `${report.tool.name} ${report.tool.version}`],
  ];
  return [
    '<header id="summary">',
    `<h1>Conformance report: ${esc(report.target)} at ${esc(report.baseUrl)}</h1>`,
    verdict,
    `<p class="muted">${esc(why)}.</p>`,
    `<dl class="meta">${meta.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join('')}</dl>`,
    levelCountsTable(report),
    fixFirstSection(report, causes),
    '<nav><a href="#h-matrix">Matrix by area</a> · <a href="#h-failures">Failures</a> · <a href="#h-traceability">Traceability</a> · <a href="#h-uncovered">Uncovered</a> · <a href="#h-results">All results</a></nav>',
    '</header>',
  ].join('\n');
}

function checkCell(result: CheckResult): string {
  const tip = `${result.id}: ${LABELS[result.outcome].label} (${result.level})`;
  return `<a class="cell m-${result.outcome}" href="#${anchor('check', result.id)}" title="${esc(tip)}" aria-label="${esc(tip)}">${esc(LABELS[result.outcome].glyph)}</a>`;
}

function legend(): string {
  const items = OUTCOMES.map((o) => `<span class="cell-sample m-${o}">${esc(LABELS[o].glyph)}</span>${esc(o)}`);
  return `<p class="legend">Cells: ${items.join(' · ')}. Hover a cell for its check ID; click to go to it.</p>`;
}

function matrixSection(report: ConformanceReport): string {
  const rows = report.areas.map(({ area, counts }) => {
    const cells = report.results
      .filter((r) => r.area === area)
      .map(checkCell)
      .join('');
    return `<tr data-area="${esc(area)}"><th scope="row">${esc(area)}</th><td class="num">${counts.total}</td>${OUTCOMES.map((o) => countCell(counts, o)).join('')}<td><div class="cells">${cells}</div></td></tr>`;
  });
  const body = rows.length === 0 ? `<tr><td colspan="${OUTCOMES.length + 3}">No check ran.</td></tr>` : rows.join('\n');
  return [
    '<section>',
    '<h2 id="h-matrix">Pass/fail matrix by area</h2>',
    legend(),
    `<div class="table-wrap"><table id="matrix"><thead><tr><th scope="col">area</th><th scope="col" class="num">checks</th>${countHeaders()}<th scope="col">checks by outcome</th></tr></thead>`,
    `<tbody>\n${body}\n</tbody></table></div>`,
    '</section>',
  ].join('\n');
}

function requirementLinks(ids: readonly string[]): string {
  return ids.length === 0 ? '<span class="muted">none</span>' : ids.map((id) => link('req', id)).join(', ');
}

function findingIntro(result: CheckResult): string {
  switch (result.outcome) {
    case 'unexpected-pass':
      return 'Listed as an expected failure but passed: remove it from the expected-failures file.';
    case 'expected-failure':
      return `Expected failure: ${result.expectedFailureReason ?? 'listed in the expected-failures file'}.`;
    case 'fail':
      return result.verdict === 'error' ? 'The check crashed (a MUST check: the run fails).' : 'A MUST requirement is not met: the run fails.';
    case 'warn':
      return result.verdict === 'unsupported'
        ? 'The target does not support this feature beyond the contract (support is a SHOULD): a warning, the run does not fail.'
        : 'A SHOULD requirement is not met: a warning, the run does not fail.';
    case 'note':
      return result.verdict === 'unsupported'
        ? 'The target does not support this optional feature (MAY): a note, the run does not fail.'
        : 'A MAY behaviour is not met: a note, the run does not fail.';
    default:
      return '';
  }
}

function replayBlock(report: ConformanceReport, result: CheckResult, replay: ReplayArgs): string {
  if (result.seed === undefined) return '';
  const path = result.path === undefined ? '' : `, path ${JSON.stringify(result.path)}`;
  const hint = replayHint(report, result, replay) ?? '';
  return `<div class="block"><div class="block-label">seed ${esc(result.seed)}${esc(path)}: replay with</div>${pre(hint)}</div>`;
}

function curlBlock(result: CheckResult): string {
  if (result.curl === undefined) return '';
  const id = `curl-${anchor('check', result.id)}`;
  return [
    '<div class="block curl">',
    `<div class="block-label">reproduce with curl <button type="button" class="copy" data-copy="${esc(id)}" hidden>Copy curl line</button></div>`,
    pre(result.curl, id),
    '</div>',
  ].join('');
}

function finding(report: ConformanceReport, result: CheckResult, replay: ReplayArgs): string {
  const parts = [
    `<article class="finding m-${result.outcome}" id="${anchor('failure', result.id)}" data-check="${esc(result.id)}" data-outcome="${esc(result.outcome)}">`,
    `<h4>${badge(result.outcome)} ${link('check', result.id)} <span class="muted">${esc(result.level)}</span> ${esc(result.name)}</h4>`,
    `<p>${esc(findingIntro(result))} Requirements: ${requirementLinks(result.requirements)}. Verdict: ${esc(result.verdict)}.</p>`,
    result.message === undefined ? '' : preBlock('message', result.message),
    result.counterexample === undefined ? '' : preBlock('counterexample (shrunk)', result.counterexample),
    replayBlock(report, result, replay),
    curlBlock(result),
    result.stack === undefined ? '' : `<details><summary>stack</summary>${pre(result.stack)}</details>`,
    '</article>',
  ];
  return parts.filter((p) => p !== '').join('\n');
}

/** A check of a cause beyond its examples: its ID, level and the first line of its message. */
function moreItem(result: CheckResult): string {
  const line = (result.message ?? '').split('\n', 1)[0] ?? '';
  return `<li id="${anchor('failure', result.id)}" data-check="${esc(result.id)}">${link('check', result.id)} <span class="muted">${esc(result.level)}</span> ${esc(line.length > 300 ? `${line.slice(0, 299)}…` : line)}</li>`;
}

/** One card per cause: its kind, count and requirements, its first examples in full, the other checks listed. */
function causeCard(report: ConformanceReport, cause: Cause, replay: ReplayArgs): string {
  const examples = cause.results.slice(0, EXAMPLES_PER_CAUSE);
  const others = cause.results.slice(EXAMPLES_PER_CAUSE);
  const checks = cause.results.map((r) => link('failure', r.id, r.id)).join(', ');
  return [
    `<section class="cause m-${cause.outcome}" id="${esc(cause.id)}" data-count="${cause.results.length}" data-requirements="${cause.requirements.length}" data-outcome="${esc(cause.outcome)}">`,
    `<h3>${badge(cause.outcome)} ${esc(cause.kind)}</h3>`,
    `<p>${causeSummary(cause)}. Checks: ${checks}.${others.length > 0 ? ` The first ${examples.length} in full:` : ''}</p>`,
    ...examples.map((r) => finding(report, r, replay)),
    others.length > 0 ? `<details><summary>${esc(plural(others.length, 'more check'))} with this cause</summary><ul class="more">${others.map(moreItem).join('\n')}</ul></details>` : '',
    '</section>',
  ]
    .filter((p) => p !== '')
    .join('\n');
}

function failuresSection(report: ConformanceReport, causes: readonly Cause[], replay: ReplayArgs): string {
  const count = causes.reduce((n, c) => n + c.results.length, 0);
  const body = causes.length === 0 ? '<p>No failures, warnings or notes.</p>' : causes.map((c) => causeCard(report, c, replay)).join('\n');
  const title = `Failures, warnings and notes (${count}${causes.length === count ? '' : ` in ${plural(causes.length, 'cause')}`})`;
  return ['<section id="failures">', `<h2 id="h-failures">${esc(title)}</h2>`, body, '</section>'].join('\n');
}

function coverageTable(report: ConformanceReport): string {
  const rows = LEVELS.map((level) => {
    const c = report.traceability.coverage[level];
    const percent = c.total === 0 ? '–' : `${Math.round((c.covered / c.total) * 100)} %`;
    const gap = level === 'MUST' && c.uncovered > 0 ? ' class="gap"' : '';
    return `<tr data-level="${level}"${gap}><th scope="row">${level}</th><td class="num">${c.total}</td><td class="num">${c.covered}</td><td class="num">${c.uncovered}</td><td class="num">${percent}</td></tr>`;
  });
  return `<div class="table-wrap"><table id="coverage"><caption class="visually-hidden">Coverage by level</caption><thead><tr><th scope="col">level</th><th scope="col" class="num">requirements</th><th scope="col" class="num">covered</th><th scope="col" class="num">uncovered</th><th scope="col" class="num">covered %</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>`;
}

function traceChecks(row: TraceRow, ran: ReadonlySet<string>): string {
  if (row.checks.length === 0) return '<span class="muted">none</span>';
  const items = row.checks.map((c) => `<li>${ran.has(c.id) ? link('check', c.id) : esc(c.id)} ${badge(c.outcome)}</li>`);
  return `<ul class="plain">${items.join('')}</ul>`;
}

function traceabilitySection(report: ConformanceReport): string {
  const ran = new Set(report.results.map((r) => r.id));
  const rows = report.traceability.requirements.map((row) => {
    const gap = row.status === 'uncovered' && row.level === 'MUST' ? ' class="gap"' : '';
    return (
      `<tr id="${anchor('req', row.id)}" data-requirement="${esc(row.id)}" data-status="${esc(row.status)}"${gap}>` +
      `<th scope="row">${esc(row.id)}</th><td>${esc(row.level)}</td><td>${esc(row.area)}</td><td>${badge(row.status)}</td>` +
      `<td>${esc(row.clause)}</td><td>${traceChecks(row, ran)}</td><td>${row.uncoveredReason === undefined ? '' : esc(row.uncoveredReason)}</td></tr>`
    );
  });
  const body = rows.length === 0 ? '<tr><td colspan="7">No requirement of this target.</td></tr>' : rows.join('\n');
  return [
    '<section>',
    '<h2 id="h-traceability">Traceability: requirements and the checks that cover them</h2>',
    coverageTable(report),
    '<div class="table-wrap"><table id="traceability"><thead><tr><th scope="col">requirement</th><th scope="col">level</th><th scope="col">area</th><th scope="col">status</th><th scope="col">clause</th><th scope="col">checks</th><th scope="col">uncovered reason</th></tr></thead>',
    `<tbody>\n${body}\n</tbody></table></div>`,
    '</section>',
  ].join('\n');
}

function uncoveredSection(report: ConformanceReport): string {
  const list = report.traceability.uncovered;
  const items = list.map((u) => {
    const gap = u.level === 'MUST';
    const label = gap ? '<span class="gap-label">GAP (MUST)</span> ' : `<span class="muted">${esc(u.level)}</span> `;
    const reason = u.reason === undefined ? (gap ? ' — no reason given' : '') : ` — ${esc(u.reason)}`;
    return `<li${gap ? ' class="gap"' : ''} data-requirement="${esc(u.id)}" data-level="${esc(u.level)}">${label}${link('req', u.id)}: ${esc(u.clause)}${reason}</li>`;
  });
  const body = items.length === 0 ? '<p>Every requirement of the target is covered by a check.</p>' : `<ul id="uncovered">\n${items.join('\n')}\n</ul>`;
  const gaps = list.filter((u) => u.level === 'MUST').length;
  return [
    '<section>',
    `<h2 id="h-uncovered">Requirements no check covers (${list.length}; ${plural(gaps, 'MUST gap')})</h2>`,
    body,
    '</section>',
  ].join('\n');
}

function resultRow(result: CheckResult): string {
  const hasFinding = FINDINGS.includes(result.outcome);
  const detail = hasFinding ? link('failure', result.id, 'details') : result.message === undefined ? '' : `<span title="${esc(result.message)}">${esc(result.message)}</span>`;
  return (
    `<tr id="${anchor('check', result.id)}" data-check="${esc(result.id)}" data-outcome="${esc(result.outcome)}">` +
    `<td>${badge(result.outcome)}</td><td>${esc(result.level)}</td><th scope="row"><code>${esc(result.id)}</code></th><td>${esc(result.name)}</td>` +
    `<td>${requirementLinks(result.requirements)}</td><td class="num">${esc(duration(result.durationMs))}</td><td class="num">${result.exchanges}</td><td class="clip">${detail}</td></tr>`
  );
}

function areaSummary(area: string, counts: OutcomeCounts): string {
  const parts = OUTCOMES.filter((o) => counts[o] > 0).map((o) => `${counts[o]} ${o}`);
  return `${area}: ${plural(counts.total, 'check')}${parts.length > 0 ? ` (${parts.join(', ')})` : ''}`;
}

function resultsSection(report: ConformanceReport): string {
  const groups = report.areas.map(({ area, counts }) => {
    const results = report.results.filter((r) => r.area === area);
    const open = counts.fail + counts['unexpected-pass'] > 0 ? ' open' : '';
    return [
      `<details class="area" data-area="${esc(area)}"${open}>`,
      `<summary>${esc(areaSummary(area, counts))}</summary>`,
      '<div class="table-wrap"><table><thead><tr><th scope="col">outcome</th><th scope="col">level</th><th scope="col">check</th><th scope="col">name</th><th scope="col">requirements</th><th scope="col" class="num">time</th><th scope="col" class="num">HTTP</th><th scope="col">details</th></tr></thead>',
      `<tbody>${results.map(resultRow).join('\n')}</tbody></table></div>`,
      '</details>',
    ].join('\n');
  });
  const areas = new Set(report.areas.map((a) => a.area));
  const stray = report.results.filter((r) => !areas.has(r.area));
  if (stray.length > 0) {
    groups.push(`<details class="area" data-area="" open><summary>other areas</summary><table><tbody>${stray.map(resultRow).join('\n')}</tbody></table></details>`);
  }
  return ['<section id="results">', `<h2 id="h-results">All results (${report.results.length})</h2>`, groups.join('\n') || '<p>No check ran.</p>', '</section>'].join('\n');
}

// ---------------------------------------------------------------------------------------------

/** `replay`: how the CLI addressed the target, for the replay commands (junit.ts ReplayArgs). */
export function renderHtml(report: ConformanceReport, replay: ReplayArgs = {}): string {
  const causes = causesOf(report);
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    head(report),
    '<body>',
    headerSection(report, causes),
    '<main>',
    matrixSection(report),
    failuresSection(report, causes, replay),
    traceabilitySection(report),
    uncoveredSection(report),
    resultsSection(report),
    '</main>',
    `<script>${SCRIPT}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
