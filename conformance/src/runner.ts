/**
 * Runs checks sequentially against a target and summarises the verdicts.
 */
import { LEVELS, isCheckFailure, isCheckSkipped, type AppTargetOptions, type Check, type FailureDetails, type Level, type Target } from './check.js';
import { HttpClient, normalizeBaseUrl, DEFAULT_TIMEOUT_MS } from './http.js';
import { checksFor, selectChecks } from './registry.js';

/** `skip`: the check does not apply to the target (e.g. an optional endpoint it does not implement). */
export type Verdict = 'pass' | 'fail' | 'error' | 'skip';

export interface CheckResult {
  id: string;
  name: string;
  level: Level;
  area: string;
  requirements: string[];
  verdict: Verdict;
  durationMs: number;
  /** Why the check failed or crashed, or the note of a skipped check (absent on pass). */
  message?: string;
  /** Counterexample, curl line, seed and path of a failure. */
  details?: FailureDetails;
  /** Stack of a crashed check (verdict `error`). */
  stack?: string;
  /** Number of HTTP exchanges the check made. */
  exchanges: number;
}

export interface VerdictCounts {
  total: number;
  pass: number;
  fail: number;
  error: number;
  /** Skipped checks; present only when a check was skipped. */
  skip?: number;
}

export interface RunSummary {
  target: Target;
  baseUrl: string;
  seed: number;
  numRuns: number;
  durationMs: number;
  results: CheckResult[];
  /** Counts per level. */
  byLevel: Record<Level, VerdictCounts>;
  totals: VerdictCounts;
  /** Results whose verdict is `fail` or `error`. */
  failures: CheckResult[];
  /** 0 when every MUST check passed, 1 otherwise. */
  exitCode: 0 | 1;
}

export interface RunOptions {
  target: Target;
  baseUrl: string;
  token: string;
  /** fast-check seed; random when absent (see RunSummary.seed). */
  seed?: number;
  /** fast-check runs per property; default 100. */
  numRuns?: number;
  /** fast-check replay path (use with a single selected check). */
  path?: string;
  /** Check IDs, check ID prefixes, requirement IDs or areas to run. */
  only?: readonly string[];
  /** Same selectors, to leave out. */
  skip?: readonly string[];
  /** Per-request time-out; default 10 s. */
  timeoutMs?: number;
  /** App target: the account and what may be done with it. */
  app?: AppTargetOptions;
  /** Checks to choose from instead of the built-in catalogue (tests). */
  checks?: readonly Check[];
  onStart?: (check: Check) => void;
  onResult?: (result: CheckResult) => void;
  log?: (message: string) => void;
}

export const DEFAULT_NUM_RUNS = 100;

export function randomSeed(): number {
  return Math.floor(Math.random() * 0x7fffffff);
}

function emptyCounts(): VerdictCounts {
  return { total: 0, pass: 0, fail: 0, error: 0 };
}

async function runOne(check: Check, options: RunOptions, seed: number, numRuns: number): Promise<CheckResult> {
  const http = new HttpClient({ baseUrl: options.baseUrl, token: options.token, timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS });
  const log = options.log ?? ((): void => undefined);
  const base = { id: check.id, name: check.name, level: check.level, area: check.area, requirements: [...check.requirements] };
  const started = performance.now();
  const fastCheck = options.path === undefined ? { seed, numRuns } : { seed, numRuns, path: options.path };
  try {
    await check.run({
      baseUrl: http.baseUrl,
      token: options.token,
      http,
      fastCheck,
      log: (m) => log(`[${check.id}] ${m}`),
      ...(options.app === undefined ? {} : { app: options.app }),
    });
    return { ...base, verdict: 'pass', durationMs: Math.round(performance.now() - started), exchanges: http.exchanges.length };
  } catch (error) {
    const durationMs = Math.round(performance.now() - started);
    if (isCheckSkipped(error)) {
      return { ...base, verdict: 'skip', durationMs, message: error.message, exchanges: http.exchanges.length };
    }
    if (isCheckFailure(error)) {
      return { ...base, verdict: 'fail', durationMs, message: error.message, details: error.details, exchanges: http.exchanges.length };
    }
    const result: CheckResult = {
      ...base,
      verdict: 'error',
      durationMs,
      message: `the check crashed: ${error instanceof Error ? error.message : String(error)}`,
      exchanges: http.exchanges.length,
    };
    if (error instanceof Error && error.stack !== undefined) result.stack = error.stack;
    return result;
  }
}

export function summarize(results: CheckResult[], meta: Pick<RunSummary, 'target' | 'baseUrl' | 'seed' | 'numRuns' | 'durationMs'>): RunSummary {
  const byLevel = Object.fromEntries(LEVELS.map((level) => [level, emptyCounts()])) as Record<Level, VerdictCounts>;
  const totals = emptyCounts();
  for (const result of results) {
    for (const counts of [byLevel[result.level], totals]) {
      counts.total += 1;
      if (result.verdict === 'skip') counts.skip = (counts.skip ?? 0) + 1;
      else counts[result.verdict] += 1;
    }
  }
  const mustFailed = byLevel.MUST.fail + byLevel.MUST.error > 0;
  return { ...meta, results, byLevel, totals, failures: results.filter((r) => r.verdict === 'fail' || r.verdict === 'error'), exitCode: mustFailed ? 1 : 0 };
}

/** Selects and runs checks one after the other. Throws SelectionError for unknown selectors. */
export async function runChecks(options: RunOptions): Promise<RunSummary> {
  const seed = options.seed ?? randomSeed();
  const numRuns = options.numRuns ?? DEFAULT_NUM_RUNS;
  const selection: { only?: readonly string[]; skip?: readonly string[] } = {};
  if (options.only) selection.only = options.only;
  if (options.skip) selection.skip = options.skip;
  const checks = selectChecks(checksFor(options.target, options.checks), selection);
  const started = performance.now();
  const results: CheckResult[] = [];
  for (const check of checks) {
    options.onStart?.(check);
    const result = await runOne(check, options, seed, numRuns);
    results.push(result);
    options.onResult?.(result);
  }
  return summarize(results, {
    target: options.target,
    baseUrl: normalizeBaseUrl(options.baseUrl),
    seed,
    numRuns,
    durationMs: Math.round(performance.now() - started),
  });
}
