// `npm run mutation -- <module> --by-file`: one module's run cut into one Stryker run per file (the
// files of a subfolder make one run: each run pays for a dry run of the module's checks), each kept
// on its own in bench/results/mutation/by-file/, so that a module too slow for one sitting (sync or
// mapping on the full profile: hours on two cores, as a survivor runs every check that reaches it)
// is measured over several. A part whose record was made from the current text of its files, with
// the module's checks, the profile and the seed, is not run again; the module's record is put
// together from the parts' records and names the files it still lacks.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MutationModule } from './modules.js';
import { planFor } from './plan.js';
import { makeRecord, readRecord, rebuildMarkdown, recordPath, sourceDigest, writeRecord, type Counts, type RunRecord } from './results.js';
import { cutRanges, mutantSpans, type LineRange } from './split-ranges.js';
import { runStryker, type RunSettings } from './stryker-run.js';

/** The files a module mutates: its `<folder>/**\/*.ts` globs expanded, less its `!<file>` exclusions. */
export async function moduleFiles(module: MutationModule, root: string): Promise<string[]> {
  const excluded = new Set(module.mutate.filter((g) => g.startsWith('!')).map((g) => g.slice(1)));
  const files: string[] = [];
  for (const glob of module.mutate.filter((g) => !g.startsWith('!'))) {
    const folder = /^(.+)\/\*\*\/\*\.ts$/.exec(glob)?.[1];
    if (folder === undefined) {
      if (!glob.endsWith('.ts') || glob.includes('*')) throw new Error(`${module.name}: --by-file understands "<folder>/**/*.ts" and single files; got "${glob}"`);
      files.push(glob);
      continue;
    }
    for (const entry of await readdir(join(root, folder), { recursive: true })) {
      if (entry.endsWith('.ts') && !entry.endsWith('.d.ts')) files.push(`${folder}/${entry}`);
    }
  }
  return [...new Set(files)].filter((f) => !excluded.has(f)).sort();
}

/** One run of `--by-file`: a file directly in a module's folder, a subfolder with all its files, or a line range of a file the module splits. */
export interface Part {
  /** The path given to the run (a file, or a folder) and its record's label; `<file>#2of4` for a range of a split file. */
  path: string;
  files: string[];
  /** Of a split file: the lines this part mutates. */
  range?: LineRange;
}

/** What Stryker mutates for a part: its path, or its file's lines. */
export function mutateOf(part: Part): string {
  return part.range === undefined ? part.path : `${part.files[0] ?? ''}:${part.range.from}-${part.range.to}`;
}

/**
 * The parts with each file the module splits (`split`: file -> ranges) replaced by its line ranges,
 * cut where no mutant spans the cut (`texts`: file -> text, as the ranges depend on it).
 */
export async function splitParts(parts: Part[], split: Readonly<Record<string, number>> | undefined, texts: ReadonlyMap<string, string>): Promise<Part[]> {
  const out: Part[] = [];
  for (const part of parts) {
    const file = part.files[0];
    const count = file === undefined || part.files.length !== 1 ? undefined : split?.[file];
    const text = file === undefined ? undefined : texts.get(file);
    if (count === undefined || file === undefined || text === undefined) {
      out.push(part);
      continue;
    }
    const ranges = cutRanges(await mutantSpans(file, text), text.split('\n').length, count);
    ranges.forEach((range, i) => out.push({ path: `${file}#${i + 1}of${ranges.length}`, files: [file], range }));
  }
  return out;
}

/** The module's files as the runs of `--by-file`: each file of the module's top folders alone, each deeper folder as one. */
export function partsOf(module: MutationModule, files: string[]): Part[] {
  const tops = module.mutate.filter((g) => !g.startsWith('!')).map((g) => g.replace(/\/\*\*\/\*\.ts$/, ''));
  const parts = new Map<string, string[]>();
  for (const file of files) {
    const top = tops.find((t) => file.startsWith(`${t}/`));
    const rest = top === undefined ? [] : file.slice(top.length + 1).split('/');
    const path = top !== undefined && rest.length > 1 ? `${top}/${rest[0]}` : file;
    parts.set(path, [...(parts.get(path) ?? []), file]);
  }
  return [...parts].map(([path, members]) => ({ path, files: members }));
}

/**
 * Whether a part's record still stands for it: made from its files' texts as they are (`texts`: file -> text), with these
 * checks, profile and seed, and, for a range of a split file, of the same lines (`mutate`: what the part mutates now).
 */
export function isCurrent(record: RunRecord | undefined, texts: ReadonlyMap<string, string>, want: { checks: string[]; profile: string; seed: number; mutate?: string }): record is RunRecord {
  return (
    record !== undefined &&
    (want.mutate === undefined || record.mutate.join(',') === want.mutate) &&
    record.error === undefined &&
    record.profile === want.profile &&
    record.seed === want.seed &&
    record.checks.join(',') === want.checks.join(',') &&
    [...texts].every(([file, text]) => record.sources?.[file] === sourceDigest(text))
  );
}

function zero(): Counts {
  return { Killed: 0, Timeout: 0, Survived: 0, NoCoverage: 0, Ignored: 0, RuntimeError: 0, CompileError: 0, killedBelowMust: 0 };
}

function add(into: Counts, c: Counts): void {
  for (const key of Object.keys(c) as (keyof Counts)[]) into[key] = (into[key] ?? 0) + (c[key] ?? 0);
}

/** A module's record from the current records of its parts (`records`: part path -> record); the files of the parts without one are named as missing. */
export function assemble(module: MutationModule, settings: { profile: string; seed: number }, parts: Part[], records: ReadonlyMap<string, RunRecord>): RunRecord {
  const used = parts.flatMap((p) => {
    const r = records.get(p.path);
    return r === undefined ? [] : [r];
  });
  // A split file counts once, and as missing while one of its ranges lacks a record.
  const files = [...new Set(parts.flatMap((p) => p.files))];
  const missing = [...new Set(parts.filter((p) => !records.has(p.path)).flatMap((p) => p.files))];
  const total = zero();
  const perFile: Record<string, Counts> = {};
  const sources: Record<string, string> = {};
  for (const r of used) {
    add(total, r.total);
    for (const [file, c] of Object.entries(r.files)) add((perFile[file] ??= zero()), c);
    Object.assign(sources, r.sources);
  }
  const dates = used.map((r) => r.date).sort();
  const byPlace = (a: { file: string; line: number }, b: { file: string; line: number }) => a.file.localeCompare(b.file) || a.line - b.line;
  return {
    label: module.name,
    module: module.name,
    mutate: module.mutate,
    checks: module.checks,
    profile: settings.profile,
    seed: settings.seed,
    date: dates.at(-1) ?? new Date().toISOString(),
    durationMs: used.reduce((sum, r) => sum + r.durationMs, 0),
    machine: used.at(-1)?.machine ?? '',
    claims: ['all'],
    total,
    files: Object.fromEntries(Object.entries(perFile).sort(([a], [b]) => a.localeCompare(b))),
    survivors: used.flatMap((r) => r.survivors).sort(byPlace),
    equivalent: used.flatMap((r) => r.equivalent).sort(byPlace),
    sources,
    assembled: {
      files: files.length - missing.length,
      of: files.length,
      missing,
      since: dates[0] ?? '',
      rangesDone: Object.fromEntries(
        missing.flatMap((f) => {
          const ranges = parts.filter((p) => p.range !== undefined && p.files.includes(f));
          const done = ranges.filter((p) => records.has(p.path)).length;
          return done === 0 ? [] : [[f, `${done} of ${ranges.length}`]];
        }),
      ),
      // Of a split file, the date of its latest range: a later run is later than all of them.
      fileDates: Object.fromEntries(
        files.filter((f) => !missing.includes(f)).map((f) => [f, parts.filter((p) => p.files.includes(f)).map((p) => records.get(p.path)?.date ?? '').sort().at(-1) ?? '']),
      ),
    },
  };
}

export interface ByFileOptions {
  root: string;
  /** Start no further file once this many minutes have passed (the file under way runs to its end). */
  budgetMinutes?: number;
  /** Run only these parts (a part's path, or its path below the module's folder: `engine.ts`, `values`); the others count with their records. */
  parts?: string[];
}

/** The parts named by `--parts` (a part's path or its end after a `/`); an unknown name is an error listing the parts. */
export function selectParts(parts: Part[], names: string[] | undefined): Set<string> {
  if (names === undefined) return new Set(parts.map((p) => p.path));
  const chosen = new Set<string>();
  for (const name of names) {
    // A split file's name picks all its ranges; `engine.ts#2of4` one of them.
    const named = (path: string) => path === name || path.endsWith(`/${name}`);
    const hits = parts.filter((p) => named(p.path) || (p.range !== undefined && named(p.path.replace(/#\d+of\d+$/, ''))));
    if (hits.length === 0) throw new Error(`--parts: no part "${name}"; the parts are ${parts.map((p) => p.path.replace(/^.*\//, '')).join(', ')}`);
    for (const hit of hits) chosen.add(hit.path);
  }
  return chosen;
}

/** Runs each part of the module that lacks a current record, keeps each record, and writes the module's record put together from them. */
export async function runByFile(module: MutationModule, settings: RunSettings, options: ByFileOptions): Promise<{ done: boolean; error?: string }> {
  const files = await moduleFiles(module, options.root);
  const allTexts = new Map(await Promise.all(files.map(async (f) => [f, await readFile(join(options.root, f), 'utf8')] as const)));
  const parts = await splitParts(partsOf(module, files), module.split, allTexts);
  const records = new Map<string, RunRecord>();
  const chosen = selectParts(parts, options.parts);
  const started = performance.now();
  let error: string | undefined;
  for (const part of parts) {
    const texts = new Map(part.files.map((f) => [f, allTexts.get(f) ?? ''] as const));
    const kept = await readRecord(recordPath(part.path, settings.profile, true));
    const want = { checks: module.checks, profile: settings.profile, seed: settings.seed, ...(part.range === undefined ? {} : { mutate: mutateOf(part) }) };
    if (isCurrent(kept, texts, want)) {
      records.set(part.path, kept);
      console.log(`-- ${part.path}: up to date (${kept.date.slice(0, 10)}), not run again`);
      continue;
    }
    if (!chosen.has(part.path)) {
      console.log(`-- ${part.path}: not among --parts, not run`);
      continue;
    }
    const elapsedMinutes = (performance.now() - started) / 60_000;
    if (options.budgetMinutes !== undefined && elapsedMinutes >= options.budgetMinutes) {
      console.log(`-- ${part.path}: not started, the budget of ${options.budgetMinutes} min is spent`);
      continue;
    }
    console.log(`-- ${part.path}: running (${settings.profile} profile${part.range === undefined ? '' : `, lines ${part.range.from}-${part.range.to}, ${part.range.mutants} mutants`})`);
    const plan = { ...planFor(mutateOf(part), module.checks), module };
    const report = await runStryker(plan, settings);
    if (report.json === undefined || report.error !== undefined) {
      error = `${part.path}: ${report.error ?? 'Stryker wrote no report'}`;
      console.error(`mutation: ${error}; not recorded`);
      continue;
    }
    const record = makeRecord({ plan: { label: part.path, module: module.name, mutate: plan.mutate, checks: plan.checks }, profile: settings.profile, seed: settings.seed, report });
    // Stryker's report leaves out a file without mutants: its text as read here stands for it.
    record.sources = { ...Object.fromEntries([...texts].map(([f, t]) => [f, sourceDigest(t)])), ...record.sources };
    await writeRecord(record, recordPath(part.path, settings.profile, true));
    records.set(part.path, record);
  }
  const assembled = assemble(module, settings, parts, records);
  const done = assembled.assembled?.missing.length === 0;
  const modulePath = recordPath(module.name, settings.profile);
  const whole = await readRecord(modulePath);
  const tally = `${assembled.assembled?.files} of ${assembled.assembled?.of} files`;
  // A partial assembly never replaces a record of the whole module made in one run.
  if (done || whole === undefined || whole.assembled !== undefined) {
    await writeRecord(assembled, modulePath);
    console.log(`results: ${await rebuildMarkdown()} (${module.name}: ${tally})`);
  } else {
    console.log(`${module.name}: ${tally} done; the record of the whole module's run stays until all are`);
  }
  return { done, ...(error === undefined ? {} : { error }) };
}
