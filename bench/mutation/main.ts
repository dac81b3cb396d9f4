// `npm run mutation -- <module|path>[,...] [options]`: the conformance suite's mutation score.
// Stryker mutates a module of the reference server; every mutant runs in one long-lived process
// against a fresh in-process server (test-runner.ts) with the checks of that module's areas, and
// the results go to bench/results/mutation.md (with the date and run time).
import { mkdir, readFile, rm } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LogLevel, PartialStrykerOptions } from '@stryker-mutator/api/core';
import type { Profile } from '../../generated/conformance/report.js';
import type { ConformanceRunnerOptions } from './test-runner.js';
import { MODULES } from './modules.js';
import { fileStem, planFor, type Plan } from './plan.js';
import { recordRun, type MutationReport } from './results.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const USAGE = `usage: npm run mutation -- <module|path>[,<module|path>...] [options]

modules: ${MODULES.map((m) => m.name).join(', ')}, or all
path:    a file or folder under server/src, with an optional line range (server/src/query/where.ts:120-180);
         paths of one module joined by + run in one Stryker run (server/src/model/batch-failure.ts+server/src/model/schema-view.ts)

options:
  --profile quick|full   the conformance profile that must kill the mutants (default quick)
  --checks LIST          check selectors instead of the module's areas (e.g. command.model-contract,query)
  --seed N               fast-check seed of every property check (default 20261125)
  --runs N               runs per property (default: the profile's)
  --concurrency N        test-runner processes (default 1; each holds its own server)
  --no-record            do not write bench/results/mutation.md
  --help`;

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      profile: { type: 'string', default: 'quick' },
      checks: { type: 'string' },
      seed: { type: 'string', default: '20261125' },
      runs: { type: 'string' },
      concurrency: { type: 'string', default: '1' },
      'no-record': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help || positionals.length === 0) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const profile = values.profile;
  if (profile !== 'quick' && profile !== 'full') throw new Error(`--profile takes quick or full; got ${profile}`);
  const seed = Number(values.seed);
  const concurrency = Number(values.concurrency);
  if (!Number.isInteger(seed)) throw new Error(`--seed must be an integer; got ${values.seed}`);
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error(`--concurrency must be a positive integer; got ${values.concurrency}`);
  const numRuns = values.runs === undefined ? undefined : Number(values.runs);
  if (numRuns !== undefined && (!Number.isInteger(numRuns) || numRuns < 1)) throw new Error(`--runs must be a positive integer; got ${values.runs}`);
  const targets = positionals.flatMap((p) => p.split(',')).flatMap((t) => (t === 'all' ? MODULES.map((m) => m.name) : [t]));
  const checks = values.checks?.split(',').map((s) => s.trim()).filter(Boolean);
  let status = 0;
  for (const target of targets) {
    const plan = planFor(target, checks);
    console.log(`== mutation: ${plan.label} (${profile} profile; checks: ${plan.checks.join(', ')})`);
    const report = await runStryker(plan, { profile, seed, concurrency, ...(numRuns === undefined ? {} : { numRuns }) });
    if (report.json === undefined) {
      console.error(`mutation: ${plan.label}: Stryker wrote no report${report.error ? ` (${report.error})` : ''}; nothing recorded`);
    } else if (!values['no-record']) {
      const path = await recordRun({ plan: { label: plan.label, module: plan.module?.name, mutate: plan.mutate, checks: plan.checks }, profile, seed, report });
      console.log(`results: ${path}`);
    }
    if (report.error) status = 1;
  }
  return status;
}

interface RunSettings {
  profile: Profile;
  seed: number;
  concurrency: number;
  numRuns?: number;
}

async function runStryker(plan: Plan, settings: RunSettings): Promise<MutationReport> {
  const { Stryker } = await import('@stryker-mutator/core');
  const reportFile = join(ROOT, 'reports', 'mutation', `${fileStem(plan.label)}-${settings.profile}.json`);
  await mkdir(dirname(reportFile), { recursive: true });
  await rm(reportFile, { force: true });
  const svcConformance: ConformanceRunnerOptions = {
    checks: plan.checks,
    profile: settings.profile,
    seed: settings.seed,
    ...(settings.numRuns === undefined ? {} : { numRuns: settings.numRuns }),
  };
  const options: PartialStrykerOptions & { svcConformance: ConformanceRunnerOptions } = {
    testRunner: 'svc-conformance',
    plugins: [join(ROOT, 'bench/mutation/test-runner.ts')],
    testRunnerNodeArgs: ['--import', 'tsx'],
    checkerNodeArgs: ['--import', 'tsx'],
    warnings: { unknownOptions: false, preprocessorErrors: true, unserializableOptions: true, slow: true },
    mutate: plan.mutate,
    coverageAnalysis: 'perTest',
    concurrency: settings.concurrency,
    // A mutant run is a fresh server plus the checks that reached it; a hang is a kill. Generous:
    // on a loaded machine a tight limit turns slow runs into false kills.
    timeoutMS: 60_000,
    timeoutFactor: 3,
    reporters: ['json', 'progress'],
    jsonReporter: { fileName: reportFile },
    ignorePatterns: ['reports', 'bench/results', '.scratch', 'coverage', '.ci', 'examples', 'dist'],
    tempDirName: '.stryker-tmp',
    cleanTempDir: 'always',
    logLevel: 'info' as LogLevel,
    fileLogLevel: 'off' as LogLevel,
    allowConsoleColors: process.stdout.isTTY,
    svcConformance,
  };
  const started = performance.now();
  let error: string | undefined;
  try {
    await new Stryker(options).runMutationTest();
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
    console.error(`stryker: ${error}`);
  }
  const durationMs = Math.round(performance.now() - started);
  let json: unknown;
  try {
    json = JSON.parse(await readFile(reportFile, 'utf8'));
  } catch {
    json = undefined;
  }
  return { json, durationMs, ...(error === undefined ? {} : { error }) };
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 2;
  },
);
