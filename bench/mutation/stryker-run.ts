// One Stryker run: the plan's files mutated, the conformance checks of the plan as the tests
// (test-runner.ts), the JSON report read back with the wall time.
import { mkdir, readFile, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LogLevel, PartialStrykerOptions } from '@stryker-mutator/api/core';
import type { Profile } from '../../generated/conformance/report.js';
import type { ConformanceRunnerOptions } from './test-runner.js';
import { fileStem, type Plan } from './plan.js';
import type { MutationReport } from './results.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunSettings {
  profile: Profile;
  seed: number;
  concurrency: number;
  numRuns?: number;
}

export async function runStryker(plan: Plan, settings: RunSettings): Promise<MutationReport> {
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
    // A mutant run is a fresh server plus the checks that reached it; a hang is a kill. The limit is
    // 1.5 times the dry run's time of those checks plus a minute: on a loaded machine a tight limit
    // turns slow runs into false kills, and a loose one makes each hang cost minutes (a mutant of the
    // sync engine reaches every sync check, 70 to 100 s in the dry run: 3 times was up to 6 min a hang).
    timeoutMS: 60_000,
    timeoutFactor: 1.5,
    // The dry run runs every check of the module once, each against a fresh server (a module's sync
    // checks take near 4 min alone): Stryker's default limit of 5 min failed it when runs shared the machine.
    dryRunTimeoutMinutes: 30,
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
