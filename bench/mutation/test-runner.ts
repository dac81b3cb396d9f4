/**
 * A Stryker test runner whose tests are conformance checks and whose system under test is the
 * reference server, in the runner's own process. Stryker switches mutants on at run time
 * (`__stryker__.activeMutant`), so one process serves every mutant: each mutant run starts a fresh
 * server (embedded pg-mem, no response validation: only the suite may kill a mutant) with the mutant
 * active, runs the checks that reached the mutant in the dry run, and stops at the first check that
 * fails. A check kills a mutant when it finds a wrong answer (verdict `fail` or `error`): at MUST
 * the run's verdict fails, at SHOULD it warns (the report counts those kills apart). The reference
 * server has every feature beyond the contract that the checks verify, and says so as a target may
 * (`--claims all`): a feature the mutant took away is a failure of the check that verifies it.
 *
 * Everything the run needs is loaded from the working directory, which is Stryker's sandbox: the
 * server there is the instrumented copy.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { INSTRUMENTER_CONSTANTS, type StrykerOptions, type MutantCoverage } from '@stryker-mutator/api/core';
import { commonTokens, declareClassPlugin, PluginKind, tokens } from '@stryker-mutator/api/plugin';
import type { Logger } from '@stryker-mutator/api/logging';
import {
  DryRunStatus,
  MutantRunStatus,
  TestStatus,
  type DryRunOptions,
  type DryRunResult,
  type MutantRunOptions,
  type MutantRunResult,
  type TestResult,
  type TestRunner,
  type TestRunnerCapabilities,
} from '@stryker-mutator/api/test-runner';
import type { Check } from '../../conformance/src/check.js';
import type { RunOptions, RunSummary } from '../../conformance/src/runner.js';
import type { RunningServer, ServerOptions } from '../../server/src/index.js';
import type { Profile } from '../../generated/conformance/report.js';

/** The runner's own options, under `svcConformance` in the Stryker options. */
export interface ConformanceRunnerOptions {
  /** Check selectors (conformance/src/registry.ts) of the checks that may kill a mutant. */
  checks: string[];
  profile: Profile;
  seed: number;
  /** Runs per property; default: the profile's. */
  numRuns?: number;
}

interface StrykerNamespace {
  activeMutant?: string;
  currentTestId?: string;
  mutantCoverage?: MutantCoverage;
  hitCount?: number;
  hitLimit?: number;
}

interface Loaded {
  startServer: (options: ServerOptions) => Promise<RunningServer>;
  runChecks: (options: RunOptions) => Promise<RunSummary>;
  checks: Check[];
  numRuns: number;
}

const READER_TOKEN = 'mutation-reader-token';
const EDITOR_TOKEN = 'mutation-editor-token';
const REQUEST_TIMEOUT_MS = 60_000;
/** In the sandbox (the working directory). */
const DRY_RUN_TIMES = '.conformance-dry-run-times.json';

/** The server as the conformance tests start it (server/test/storages.ts), without response validation. */
const SERVER_OPTIONS: ServerOptions = {
  readerToken: READER_TOKEN,
  editorToken: EDITOR_TOKEN,
  validateResponses: false,
  log: () => undefined,
  webhookAllow: ['127.0.0.1'],
  webhookRetry: { baseMs: 50, maxMs: 400, attempts: 6 },
  webhookTimeoutMs: 5_000,
  webhookPollMs: 100,
  appAllow: ['127.0.0.1'],
  integrations: { timeoutMs: 3000 },
};

function namespace(): StrykerNamespace {
  const global = globalThis as unknown as Record<string, StrykerNamespace | undefined>;
  const ns = global[INSTRUMENTER_CONSTANTS.NAMESPACE] ?? {};
  global[INSTRUMENTER_CONSTANTS.NAMESPACE] = ns;
  return ns;
}

async function load<T>(relative: string): Promise<T> {
  return (await import(pathToFileURL(join(process.cwd(), relative)).href)) as T;
}

export class ConformanceTestRunner implements TestRunner {
  static inject = tokens(commonTokens.options, commonTokens.logger);
  private loaded: Loaded | undefined;
  /** Each check's time in the dry run (kept in the sandbox for the processes Stryker starts later). */
  private dryRunMs = new Map<string, number>();
  /** Mutants each check killed in this process. */
  private readonly kills = new Map<string, number>();
  private readonly settings: ConformanceRunnerOptions;

  constructor(
    options: StrykerOptions,
    private readonly log: Logger,
  ) {
    this.settings = (options as StrykerOptions & { svcConformance: ConformanceRunnerOptions }).svcConformance;
  }

  capabilities(): TestRunnerCapabilities {
    // Module-level code runs once per process: a mutant there needs a new process.
    return { reloadEnvironment: false };
  }

  async init(): Promise<void> {
    try {
      this.dryRunMs = new Map(Object.entries(JSON.parse(await readFile(DRY_RUN_TIMES, 'utf8')) as Record<string, number>));
    } catch {
      // The dry run writes it; the dry run's own process has the times in memory.
    }
  }

  /**
   * Loads the server and the suite on first use, not in init(): a static mutant (module-level code,
   * such as an operator table) is only active if it is switched on before its module is evaluated.
   * Stryker starts a fresh process for each static mutant, whose first mutantRun sets the mutant and
   * then loads; loaded with no mutant active, every module is pristine for runtime switching.
   */
  private async ensureLoaded(): Promise<Loaded> {
    if (this.loaded !== undefined) return this.loaded;
    const { startServer } = await load<{ startServer: Loaded['startServer'] }>('server/src/index.ts');
    const { runChecks } = await load<{ runChecks: Loaded['runChecks'] }>('conformance/src/runner.ts');
    const { serverChecks } = await load<{ serverChecks: readonly Check[] }>('conformance/src/checks/index.ts');
    const { selectChecks } = await load<{ selectChecks: (checks: readonly Check[], s: { only: string[] }) => Check[] }>('conformance/src/registry.ts');
    const { profileChecks } = await load<{ profileChecks: (p: Profile, c: readonly Check[]) => { checks: Check[]; numRuns: number } }>('conformance/src/profiles.ts');
    const planned = profileChecks(this.settings.profile, selectChecks(serverChecks, { only: this.settings.checks }));
    this.loaded = { startServer, runChecks, checks: planned.checks, numRuns: this.settings.numRuns ?? planned.numRuns };
    return this.loaded;
  }

  async dryRun(options: DryRunOptions): Promise<DryRunResult> {
    const ns = namespace();
    ns.activeMutant = undefined;
    // The instrumented code keeps the object it first saw: fill it, never replace it.
    ns.mutantCoverage ??= { static: {}, perTest: {} };
    // Module-level code runs now, with no current test: Stryker counts it as static coverage.
    ns.currentTestId = undefined;
    await this.ensureLoaded();
    const tests: TestResult[] = [];
    // Each check against a server of its own, started and closed under the check's id, as a mutant
    // run starts one: on one server shared by all checks, what a server does once (a type made on
    // first use, a cache filled) would count only for the check that came first, and a mutant there
    // would run only against that check, not against the ones that verify what was made.
    for (const check of this.required().checks) {
      ns.currentTestId = check.id;
      const started = performance.now();
      const server = await this.required().startServer(SERVER_OPTIONS);
      let result: TestResult;
      try {
        result = await this.runCheck(server, check);
      } finally {
        await server.close();
      }
      // The check's time with its server's start and close: a mutant run pays them too.
      result = { ...result, timeSpentMs: Math.round(performance.now() - started) };
      this.dryRunMs.set(check.id, result.timeSpentMs);
      tests.push(result);
    }
    ns.currentTestId = undefined;
    await writeFile(DRY_RUN_TIMES, JSON.stringify(Object.fromEntries(this.dryRunMs)));
    const failed = tests.find((t) => t.status === TestStatus.Failed);
    if (failed && failed.status === TestStatus.Failed) {
      return { status: DryRunStatus.Error, errorMessage: `${failed.id} fails against the unmutated server: ${failed.failureMessage}` };
    }
    if (options.coverageAnalysis === 'off') return { status: DryRunStatus.Complete, tests };
    return { status: DryRunStatus.Complete, tests, mutantCoverage: ns.mutantCoverage };
  }

  async mutantRun(options: MutantRunOptions): Promise<MutantRunResult> {
    const ns = namespace();
    if (options.mutantActivation === 'static') {
      if (this.loaded !== undefined) throw new Error('a static mutant needs a fresh process (Stryker reloads the environment for it)');
      ns.activeMutant = options.activeMutant.id;
    }
    await this.ensureLoaded();
    const filter = options.testFilter === undefined ? undefined : new Set(options.testFilter);
    // The checks that killed most mutants so far first, then the quickest (the dry run's times): a
    // mutant costs the checks that run before the one that kills it.
    const kills = (id: string): number => this.kills.get(id) ?? 0;
    const checks = this.required()
      .checks.filter((c) => filter === undefined || filter.has(c.id))
      .sort((a, b) => kills(b.id) - kills(a.id) || (this.dryRunMs.get(a.id) ?? 0) - (this.dryRunMs.get(b.id) ?? 0));
    ns.activeMutant = options.activeMutant.id;
    ns.hitLimit = options.hitLimit;
    ns.hitCount = options.hitLimit === undefined ? undefined : 0;
    const killedBy: string[] = [];
    let failureMessage = '';
    let ran = 0;
    try {
      let server: RunningServer;
      try {
        server = await this.required().startServer(SERVER_OPTIONS);
      } catch (error) {
        return { status: MutantRunStatus.Killed, killedBy: checks.slice(0, 1).map((c) => c.id), failureMessage: `the server did not start: ${message(error)}`, nrOfTests: 1 };
      }
      try {
        for (const check of checks) {
          ran += 1;
          const result = await this.runCheck(server, check);
          if (result.status !== TestStatus.Failed) continue;
          killedBy.push(check.id);
          this.kills.set(check.id, (this.kills.get(check.id) ?? 0) + 1);
          failureMessage ||= result.failureMessage;
          if (!options.disableBail) break;
        }
      } finally {
        await server.close().catch(() => undefined);
      }
    } finally {
      const limit = ns.hitLimit;
      const count = ns.hitCount;
      ns.activeMutant = undefined;
      ns.hitLimit = undefined;
      ns.hitCount = undefined;
      if (limit !== undefined && count !== undefined && count > limit) {
        // eslint-disable-next-line no-unsafe-finally -- the hit limit is the verdict, whatever the checks said
        return { status: MutantRunStatus.Timeout, reason: `hit limit reached (${count}/${limit})` };
      }
    }
    if (killedBy.length > 0) return { status: MutantRunStatus.Killed, killedBy, failureMessage, nrOfTests: ran };
    return { status: MutantRunStatus.Survived, nrOfTests: ran };
  }

  private required(): Loaded {
    if (this.loaded === undefined) throw new Error('the conformance test runner was not initialised');
    return this.loaded;
  }

  private async runCheck(server: RunningServer, check: Check): Promise<TestResult> {
    const started = performance.now();
    const { runChecks, numRuns } = this.required();
    const summary = await runChecks({
      target: 'server',
      baseUrl: server.baseUrl,
      token: server.token,
      readerToken: READER_TOKEN,
      editorToken: EDITOR_TOKEN,
      seed: this.settings.seed,
      numRuns,
      profile: this.settings.profile,
      // Under mutation the machine is busy: the biggest batches of the checks may take their time.
      timeoutMs: REQUEST_TIMEOUT_MS,
      only: [check.id],
      checks: [check],
      claims: ['all'],
    });
    const result = summary.results[0];
    const base = { id: check.id, name: `${check.level} ${check.id}`, timeSpentMs: Math.round(performance.now() - started) };
    if (result !== undefined && result.outcome !== 'expected-failure' && (result.verdict === 'fail' || result.verdict === 'error')) {
      const text = `${result.message ?? 'failed'}${result.details?.counterexample ? `\ncounterexample: ${result.details.counterexample}` : ''}`;
      this.log.debug(`${check.id} failed: ${text}`);
      return { ...base, status: TestStatus.Failed, failureMessage: text.slice(0, 2000) };
    }
    return { ...base, status: TestStatus.Success };
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export const strykerPlugins = [declareClassPlugin(PluginKind.TestRunner, 'svc-conformance', ConformanceTestRunner)];
