// The results of mutation runs: each run's Stryker JSON report (mutation-testing-report-schema) is
// boiled down to counts per file, the surviving mutants and the ones marked equivalent, kept in
// bench/results/mutation/<target>-<profile>.json; bench/results/mutation.md is rebuilt from all of
// them after every run.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machine } from '../lib/cli.js';
import { explanationOf } from './explained/index.js';
import { MODULES } from './modules.js';
import { fileStem } from './plan.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DATA_DIR = join(ROOT, 'bench/results/mutation');
const MARKDOWN = join(ROOT, 'bench/results/mutation.md');

/** What a Stryker run left: its JSON report (absent when it failed early), the wall time, an error. */
export interface MutationReport {
  json: unknown;
  durationMs: number;
  error?: string;
}

const STATUSES = ['Killed', 'Timeout', 'Survived', 'NoCoverage', 'Ignored', 'RuntimeError', 'CompileError'] as const;
type Status = (typeof STATUSES)[number];
/** Mutants per status; `killedBelowMust`: of the killed, those only a SHOULD or MAY check saw (the run warned). */
export type Counts = Record<Status, number> & { killedBelowMust?: number };

export interface Mutant {
  file: string;
  line: number;
  mutator: string;
  original: string;
  replacement: string;
  reason?: string;
}

export interface RunRecord {
  label: string;
  module?: string;
  mutate: string[];
  checks: string[];
  profile: string;
  seed: number;
  date: string;
  durationMs: number;
  machine: string;
  /** The features beyond the contract the run claimed for the reference server (`all`); absent in runs before `--claims`, where a feature made unsupported did not kill. */
  claims?: string[];
  error?: string;
  total: Counts;
  files: Record<string, Counts>;
  survivors: Mutant[];
  equivalent: Mutant[];
  /** sha256 of each mutated file's text as the run read it: a record of a file changed since is stale (by-file.ts). */
  sources?: Record<string, string>;
  /** The mutants the run killed or timed out (runs of a path or of one file of `--by-file`): a later such run may show a module run's survivor killed since. */
  killed?: Mutant[];
  /** Set when the record was put together from per-file runs (`--by-file`): how many, and the files still without a current one. */
  assembled?: Assembly;
}

export interface Assembly {
  /** Files of the module with a current record, of all its files. */
  files: number;
  of: number;
  /** Files without a record made from their current text and with the module's checks, profile and seed. */
  missing: string[];
  /** Date of the earliest per-file record used. */
  since: string;
  /** Date of the record each file's counts come from (a later run of a path is compared with it). */
  fileDates?: Record<string, string>;
  /** Of a missing file cut into line ranges, the ranges that have a record ("1 of 4"): the counts hold those. */
  rangesDone?: Record<string, string>;
}

interface ReportMutant {
  mutatorName: string;
  killedBy?: string[];
  replacement?: string;
  status: string;
  statusReason?: string;
  location: { start: { line: number; column: number }; end: { line: number; column: number } };
}

interface ReportFile {
  source: string;
  mutants: ReportMutant[];
}

interface ReportTestFiles {
  testFiles?: Record<string, { tests: { id: string; name: string }[] }>;
}

/** Test id → the level of its check (the runner names each test `<level> <check id>`). */
function testLevels(json: ReportTestFiles): Map<string, string> {
  const levels = new Map<string, string>();
  for (const file of Object.values(json.testFiles ?? {})) for (const t of file.tests) levels.set(t.id, t.name.split(' ')[0] ?? '');
  return levels;
}

/** The note of a survivor no check reached. */
const NO_COVERAGE = 'no check reaches it';

function emptyCounts(): Counts {
  return { Killed: 0, Timeout: 0, Survived: 0, NoCoverage: 0, Ignored: 0, RuntimeError: 0, CompileError: 0, killedBelowMust: 0 };
}

function isReportFiles(value: unknown): value is { files: Record<string, ReportFile> } {
  return typeof value === 'object' && value !== null && typeof (value as { files?: unknown }).files === 'object';
}

/** The text a mutant replaced, on one line, shortened. */
function originalText(source: string, location: ReportMutant['location']): string {
  const lines = source.split('\n');
  const { start, end } = location;
  const text =
    start.line === end.line
      ? (lines[start.line - 1] ?? '').slice(start.column - 1, end.column - 1)
      : [(lines[start.line - 1] ?? '').slice(start.column - 1), ...lines.slice(start.line, end.line - 1), (lines[end.line - 1] ?? '').slice(0, end.column - 1)].join('\n');
  return oneLine(text);
}

function oneLine(text: string, max = 90): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Mutation score over the mutants that count: (killed + timed out) / (those + survived + no coverage). */
export function score(c: Counts): number | undefined {
  const valid = c.Killed + c.Timeout + c.Survived + c.NoCoverage;
  return valid === 0 ? undefined : (c.Killed + c.Timeout) / valid;
}

/** sha256 of a source text, as records keep it. */
export function sourceDigest(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function summarize(json: unknown): Pick<RunRecord, 'total' | 'files' | 'survivors' | 'equivalent' | 'sources' | 'killed'> {
  const total = emptyCounts();
  const files: Record<string, Counts> = {};
  const survivors: Mutant[] = [];
  const killed: Mutant[] = [];
  const equivalent: Mutant[] = [];
  const sources: Record<string, string> = {};
  if (!isReportFiles(json)) return { total, files, survivors, equivalent, sources, killed };
  const levels = testLevels(json as ReportTestFiles);
  for (const [file, report] of Object.entries(json.files).sort(([a], [b]) => a.localeCompare(b))) {
    const counts = emptyCounts();
    sources[file] = sourceDigest(report.source);
    for (const m of report.mutants) {
      const status = (STATUSES as readonly string[]).includes(m.status) ? (m.status as Status) : 'RuntimeError';
      counts[status] += 1;
      total[status] += 1;
      const killedBy = m.killedBy ?? [];
      if (status === 'Killed' && killedBy.length > 0 && killedBy.every((id) => levels.get(id) !== 'MUST')) {
        counts.killedBelowMust = (counts.killedBelowMust ?? 0) + 1;
        total.killedBelowMust = (total.killedBelowMust ?? 0) + 1;
      }
      const mutant: Mutant = {
        file,
        line: m.location.start.line,
        mutator: m.mutatorName,
        original: originalText(report.source, m.location),
        replacement: oneLine(m.replacement ?? ''),
      };
      if (status === 'Survived' || status === 'NoCoverage') survivors.push(status === 'NoCoverage' ? { ...mutant, reason: NO_COVERAGE } : mutant);
      if (status === 'Ignored') equivalent.push({ ...mutant, reason: m.statusReason ?? 'ignored' });
      if (status === 'Killed' || status === 'Timeout') killed.push(mutant);
    }
    files[file] = counts;
  }
  survivors.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  return { total, files, survivors, equivalent, sources, killed };
}

/** What one run leaves to record: its plan, profile, seed and Stryker's report. */
export interface FinishedRun {
  plan: { label: string; module: string | undefined; mutate: string[]; checks: string[] };
  profile: string;
  seed: number;
  report: MutationReport;
}

/** One run's summary, dated and with the machine it ran on. */
export function makeRecord(run: FinishedRun): RunRecord {
  const { killed, ...summary } = summarize(run.report.json);
  return {
    label: run.plan.label,
    ...(run.plan.module === undefined ? {} : { module: run.plan.module }),
    mutate: run.plan.mutate,
    checks: run.plan.checks,
    profile: run.profile,
    seed: run.seed,
    date: new Date().toISOString(),
    durationMs: run.report.durationMs,
    machine: machine(),
    claims: ['all'],
    ...(run.report.error === undefined ? {} : { error: run.report.error }),
    ...summary,
    // A module's own run keeps only counts and survivors; a path's or one file's run keeps its kills too.
    ...(run.plan.label === run.plan.module || killed === undefined ? {} : { killed }),
  };
}

/** Where the record of a target and profile is kept: bench/results/mutation/, or its by-file/ folder for the per-file runs of `--by-file`. */
export function recordPath(label: string, profile: string, byFile = false): string {
  return join(DATA_DIR, ...(byFile ? ['by-file'] : []), `${fileStem(label)}-${profile}.json`);
}

export async function writeRecord(record: RunRecord, path: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${JSON.stringify(record, null, 2)}\n`);
}

/** The record kept at a path, or undefined when there is none. */
export async function readRecord(path: string): Promise<RunRecord | undefined> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as RunRecord;
  } catch {
    return undefined;
  }
}

/** Rebuilds bench/results/mutation.md from the records of bench/results/mutation/ (not its by-file/ folder); answers its path. */
export async function rebuildMarkdown(): Promise<string> {
  const records = await readRecords();
  await writeFile(MARKDOWN, renderMarkdown(records, await currentDigests(records)));
  return MARKDOWN;
}

/** The digest of each file the records kept one for, as it reads now (absent: the file is gone). */
async function currentDigests(records: readonly RunRecord[]): Promise<Map<string, string>> {
  const files = new Set(records.flatMap((r) => Object.keys(r.sources ?? {})));
  const digests = new Map<string, string>();
  for (const file of files) {
    const text = await readFile(join(ROOT, file), 'utf8').catch(() => undefined);
    if (text !== undefined) digests.set(file, sourceDigest(text));
  }
  return digests;
}

/** The files a record mutated whose text changed since (or went): its counts describe the code as it was. */
function changedSince(r: RunRecord, current: ReadonlyMap<string, string> | undefined): string[] {
  if (current === undefined) return [];
  return Object.entries(r.sources ?? {})
    .filter(([file, digest]) => current.get(file) !== digest)
    .map(([file]) => file);
}

/** Keeps one run's summary and rebuilds bench/results/mutation.md; answers the markdown's path. */
export async function recordRun(run: FinishedRun): Promise<string> {
  await writeRecord(makeRecord(run), recordPath(run.plan.label, run.profile));
  return rebuildMarkdown();
}

async function readRecords(): Promise<RunRecord[]> {
  await mkdir(DATA_DIR, { recursive: true });
  const names = (await readdir(DATA_DIR)).filter((n) => n.endsWith('.json')).sort();
  return Promise.all(names.map(async (n) => JSON.parse(await readFile(join(DATA_DIR, n), 'utf8')) as RunRecord));
}

function percent(value: number | undefined): string {
  return value === undefined ? 'n/a' : `${(value * 100).toFixed(1)}%`;
}

function minutes(ms: number): string {
  return ms < 60_000 ? `${(ms / 1000).toFixed(0)} s` : `${(ms / 60_000).toFixed(1)} min`;
}

/** Killed, with the SHOULD/MAY-only kills in brackets. */
function killed(c: Counts): string {
  return c.killedBelowMust ? `${c.Killed} (${c.killedBelowMust})` : `${c.Killed}`;
}

/** The count cells of a table row, killed to score. */
function countCells(c: Counts): string {
  return `${killed(c)} | ${c.Timeout} | ${c.Survived} | ${c.NoCoverage} | ${c.Ignored} | ${c.RuntimeError + c.CompileError} | ${percent(score(c))}`;
}

function countsRow(name: string, c: Counts): string {
  return `| ${name} | ${countCells(c)} |`;
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/`/g, "'");
}

/** A record with the survivors bench/mutation/explained/ explains moved among the equivalent ones (counts too). */
export function withExplanations(record: RunRecord): RunRecord {
  const files: Record<string, Counts> = Object.fromEntries(Object.entries(record.files).map(([f, c]) => [f, { ...c }]));
  const total: Counts = { ...record.total };
  const survivors: Mutant[] = [];
  const equivalent: Mutant[] = [...record.equivalent];
  for (const m of record.survivors) {
    const explained = explanationOf(m);
    if (explained === undefined) {
      survivors.push(m);
      continue;
    }
    const status: Status = m.reason === NO_COVERAGE ? 'NoCoverage' : 'Survived';
    for (const c of [files[m.file], total]) {
      if (c === undefined) continue;
      c[status] -= 1;
      c.Ignored += 1;
    }
    equivalent.push({ ...m, reason: explained.reason });
  }
  equivalent.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  return { ...record, files, total, survivors, equivalent };
}

/** The summary row's mark of a record put together from per-file runs, with how far it got. */
function byFileTag(r: RunRecord): string {
  if (!r.assembled) return '';
  return r.assembled.missing.length === 0 ? ' (by file)' : ` (by file: ${r.assembled.files} of ${r.assembled.of}, not done)`;
}

function assemblyNote(a: Assembly): string {
  const head = `Put together from one run per file (\`--by-file\`, records in \`bench/results/mutation/by-file/\`) since ${a.since.slice(0, 10)}: ${a.files} of ${a.of} files; run time is their sum.`;
  const left = a.missing.map((f) => (a.rangesDone?.[f] === undefined ? `\`${f}\`` : `\`${f}\` (but for ${a.rangesDone[f]} line ranges, which count)`));
  return a.missing.length === 0 ? head : `${head} **Not done**: the counts leave out ${left.join(', ')} (no run yet, or changed since).`;
}

/** The same mutant in two runs: file, mutator, the text replaced and its replacement (lines move). */
function sameMutant(a: Mutant, b: Mutant): boolean {
  return a.file === b.file && a.mutator === b.mutator && a.original === b.original && a.replacement === b.replacement;
}

/** Of the same mutant as `m` in a list (the same text may be mutated alike on several lines), the one on the nearest line. */
function nearestSame<T extends Mutant>(list: readonly T[], m: Mutant): T | undefined {
  return list.filter((x) => sameMutant(x, m)).sort((a, b) => Math.abs(a.line - m.line) - Math.abs(b.line - m.line))[0];
}

/**
 * A quick run's survivors with a note where the full run of the same target did not let them
 * survive: the full run mutated the file (with the same text, where both runs kept its digest) and
 * the mutant is neither among its survivors nor among its equivalent ones. With both digests equal
 * the note says the full profile kills it; without them, only that the full run does not list it.
 */
export function notedAgainstFull(quick: RunRecord, full: RunRecord | undefined): RunRecord {
  if (full === undefined || quick.profile !== 'quick' || full.profile !== 'full') return quick;
  const date = full.date.slice(0, 10);
  const survivors = quick.survivors.map((m) => {
    const q = quick.sources?.[m.file];
    const f = full.sources?.[m.file];
    // A file the full run has not measured whole (by file, a line range of it missing) says nothing yet.
    const partial = full.assembled?.missing.includes(m.file) === true;
    if ((m.reason !== undefined && m.reason !== NO_COVERAGE) || full.files[m.file] === undefined || partial || (q !== undefined && f !== undefined && q !== f)) return m;
    // A mutant no check of the quick profile runs against (it draws fewer checks) keeps saying so before the full run's word.
    const noted = (reason: string): Mutant => ({ ...m, reason: m.reason === NO_COVERAGE ? `no check of the quick profile reaches it; ${reason}` : reason });
    const survivedFull = full.survivors.find((x) => sameMutant(x, m));
    // The full run's survivor a later path run killed (notedAgainstLaterRuns): the full profile kills it now.
    if (survivedFull?.reason?.startsWith('killed since')) return noted(`the full profile kills it (${survivedFull.reason})`);
    if (survivedFull !== undefined) return m;
    // Left out as equivalent by the full run (marked in the source since the quick run, say): that reason, of the
    // same line where both runs read the same code (the same text mutated on another line is another mutant), else of the nearest.
    const sameCode = q !== undefined && q === f;
    const equivalent = sameCode ? full.equivalent.find((x) => sameMutant(x, m) && x.line === m.line) : nearestSame(full.equivalent, m);
    if (equivalent !== undefined) return noted(`equivalent in the full run (${date}, line ${equivalent.line} there): ${equivalent.reason ?? ''}`);
    // Without both digests the file may have changed between the runs: say only what the full run shows.
    return noted(sameCode ? `the full profile kills it (run of ${date}, same code)` : `not among the survivors of the full run (${date})`);
  });
  return { ...quick, survivors };
}

/**
 * A module run's survivors with a note where a later run of a path in the same module, with the same
 * profile, killed the same mutant (file, mutator, text and replacement: lines move as code changes,
 * so of the same mutant on several lines the nearest counts) or left it out as equivalent with a
 * reason marked in the source since: the module's run keeps its counts as measured.
 */
export function notedAgainstLaterRuns(record: RunRecord, records: readonly RunRecord[]): RunRecord {
  if (record.module === undefined || record.label !== record.module) return record;
  const later = records
    .filter((p) => p.module === record.module && p.label !== record.module && p.profile === record.profile && p.killed !== undefined)
    .sort((a, b) => b.date.localeCompare(a.date));
  const survivors = record.survivors.map((m) => {
    if (m.reason !== undefined && m.reason !== NO_COVERAGE) return m;
    // Of a module put together by file, the date of the run of the survivor's file.
    const measured = record.assembled?.fileDates?.[m.file] ?? record.date;
    for (const run of later.filter((p) => p.date > measured)) {
      const nearest = nearestSame([...(run.killed ?? []).map((k) => ({ ...k, killed: true })), ...run.equivalent.map((e) => ({ ...e, killed: false }))], m);
      if (nearest === undefined) continue;
      const where = `the run of \`${run.label}\` (${run.date.slice(0, 10)}), line ${nearest.line} there`;
      return { ...m, reason: nearest.killed ? `killed since: ${where}` : `equivalent, marked since (${where}): ${nearest.reason ?? ''}` };
    }
    return m;
  });
  return { ...record, survivors };
}

/** `current`: each kept file's digest now (rebuildMarkdown); a record of a file changed since is marked so. */
export function renderMarkdown(records: RunRecord[], current?: ReadonlyMap<string, string>): string {
  const order = (r: RunRecord): number => {
    const i = MODULES.findIndex((m) => m.name === r.label);
    return i === -1 ? MODULES.length : i;
  };
  const explained = records.map(withExplanations);
  const fullOf = (r: RunRecord) => {
    // A path's quick run against the full run of the same path, else of its module.
    const full = explained.find((x) => x.label === r.label && x.profile === 'full') ?? explained.find((x) => r.module !== undefined && x.label === r.module && x.profile === 'full');
    return full === undefined ? undefined : notedAgainstLaterRuns(full, explained);
  };
  const sorted = explained.map((r) => notedAgainstFull(notedAgainstLaterRuns(r, explained), fullOf(r))).sort((a, b) => order(a) - order(b) || a.label.localeCompare(b.label) || a.profile.localeCompare(b.profile));
  const out: string[] = [
    '# Mutation score of the conformance suite',
    '',
    'Made by `npm run mutation -- <module|path> [--profile quick|full]` (bench/mutation/): Stryker mutates one module of',
    'the reference server and every mutant runs, in one long-lived process, against a fresh in-process server (pg-mem,',
    'no response validation) with the conformance checks of that module\'s areas. A mutant is killed when a check',
    'finds a wrong answer: a MUST check fails the run, a SHOULD check warns (in brackets: the kills only SHOULD or MAY',
    'checks made, such as an error name other than the public API\'s). The reference server claims every feature beyond',
    'the contract that a check verifies (`--claims all`), so a mutant that takes one away fails that check (runs marked',
    '"without claims" predate this: a feature made unsupported did not kill there). Score = (killed + timed out) / (killed + timed out + survived + no coverage);',
    'mutants marked in the source with a `// Stryker disable` comment giving the reason (or, where a comment would cover',
    'killed mutants of the same line too, listed one by one in bench/mutation/explained/, one file per module) are left out of it and listed',
    'with their reasons: equivalent ones (the client sees the same answers: an optimization, a default written out)',
    'and ones out of reach (behind the request schema, which refuses the input first; on PostgreSQL only, while the run',
    'uses pg-mem; beyond 100000 Entities). A quick run\'s survivor that the full run of the same module does not list as a',
    'survivor or an equivalent one carries a note saying so (the quick profile draws fewer cases; "same code" where both',
    'runs kept the digest of the file), or the reason the full run left it out as equivalent with. A module run\'s survivor',
    'that a later run of a path in it (same profile) kills, or leaves out with a reason marked in the source since, is',
    'noted "killed since" or "equivalent, marked since" (the module\'s counts stay as measured). A row marked "by file" is',
    'the sum of one run per file (`--by-file`, resumable). A row marked "code changed since" measured a file that reads',
    'otherwise now (runs keep a digest of each file they mutated; older runs kept none and are not marked).',
    '',
    '| module | profile | date | run time | killed | timed out | survived | no coverage | equivalent or out of reach | errors | score |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of sorted) {
    const c = r.total;
    const changed = changedSince(r, current).length > 0 ? ' (code changed since)' : '';
    out.push(`| ${r.label}${byFileTag(r)}${changed} | ${r.profile} | ${r.date.slice(0, 10)} | ${minutes(r.durationMs)} | ${countCells(c)} |`);
  }
  for (const r of sorted) {
    out.push('', `## ${r.label}, ${r.profile} profile`, '');
    out.push(`${r.date} · ${minutes(r.durationMs)} · seed ${r.seed} · ${r.claims === undefined ? 'without claims' : `--claims ${r.claims.join(',')}`} · mutated: \`${r.mutate.join('`, `')}\` · checks: \`${r.checks.join('`, `')}\``);
    if (r.assembled) out.push('', assemblyNote(r.assembled));
    const changed = changedSince(r, current);
    if (changed.length > 0) out.push('', `**Code changed since**: ${changed.map((f) => `\`${f}\``).join(', ')} (the counts describe the code as this run read it).`);
    out.push('', `Machine: ${r.machine}`);
    if (r.error) out.push('', `The run did not finish: ${r.error}`);
    out.push('', '| file | killed | timed out | survived | no coverage | equivalent or out of reach | errors | score |', '|---|---|---|---|---|---|---|---|');
    for (const [file, c] of Object.entries(r.files)) out.push(countsRow(`\`${file}\``, c));
    out.push(countsRow('**all**', r.total));
    if (r.survivors.length > 0) {
      out.push('', `Surviving mutants (${r.survivors.length}):`, '', '| where | mutator | original | mutant | note |', '|---|---|---|---|---|');
      for (const m of r.survivors) out.push(`| \`${m.file}:${m.line}\` | ${m.mutator} | \`${escapeCell(m.original)}\` | \`${escapeCell(m.replacement)}\` | ${m.reason ?? ''} |`);
    }
    if (r.equivalent.length > 0) {
      out.push('', `Equivalent or out of reach (${r.equivalent.length}):`, '', '| where | mutator | original | mutant | why |', '|---|---|---|---|---|');
      for (const m of r.equivalent) out.push(`| \`${m.file}:${m.line}\` | ${m.mutator} | \`${escapeCell(m.original)}\` | \`${escapeCell(m.replacement)}\` | ${escapeCell(m.reason ?? '')} |`);
    }
  }
  return `${out.join('\n')}\n`;
}
