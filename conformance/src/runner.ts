/**
 * Runs checks against a target, lanes side by side (lanes.ts), and summarises the verdicts.
 */
import type { CheckResult as ReportCheckResult, ConformanceReport, Outcome, OutcomeCounts, Profile, Verdict } from '../../generated/conformance/report.js';
import { LEVELS, isCheckFailure, isCheckSkipped, isCheckUnsupported, type AppTargetOptions, type Check, type FailureDetails, type Level, type RateLimit, type Target } from './check.js';
import { FAILING_OUTCOMES, countOutcomes, grade, gradedLevel, isFailedVerdict } from './grading.js';
import { HttpClient, normalizeBaseUrl, DEFAULT_TIMEOUT_MS, type Exchange } from './http.js';
import { laneOf, runInLanes } from './lanes.js';
import { profileChecks } from './profiles.js';
import { checksFor, matches, selectChecks } from './registry.js';
import { withSecrets, type Secrets } from './secrets.js';

/** `skip`: the check does not apply to the target (e.g. an optional endpoint it does not implement). */
export type { Outcome, OutcomeCounts, Profile, Verdict };

/**
 * One check's result: the report's result (spec/conformance/report.schema.json) with the failure's
 * counterexample, curl line, seed and path kept together as `details`.
 */
export type CheckResult = Omit<ReportCheckResult, keyof FailureDetails> & {
  /** Counterexample, curl line, seed and path of a failure. */
  details?: FailureDetails;
};

/**
 * What a run found: the report's header fields (spec/conformance/report.schema.json) with the
 * results as the runner keeps them; reports/ adds the selection, areas and traceability.
 */
export type RunSummary = Pick<
  ConformanceReport,
  'target' | 'baseUrl' | 'profile' | 'seed' | 'numRuns' | 'startedAt' | 'durationMs' | 'byLevel' | 'counts' | 'conformant' | 'exitCode'
> & {
  results: CheckResult[];
  /** Results whose outcome is not pass, skip or expected-failure (fail, warn, note, unexpected-pass). */
  failures: CheckResult[];
  /** Set when the run's time limit (`--timeout`) cut it short: what happened. */
  interrupted?: string;
  /** Checks of the target the profile did not run. */
  leftOutByProfile: string[];
};

export interface RunOptions {
  target: Target;
  baseUrl: string;
  token: string;
  /** A token below Architect (server target), for the access-level checks. */
  readerToken?: string;
  /** An Editor token (server target), for the access-level checks. */
  editorToken?: string;
  /** The target's per-token request limit (`--rate-limit`), for the check of the limit. */
  rateLimit?: RateLimit;
  /** fast-check seed; random when absent (see RunSummary.seed). */
  seed?: number;
  /** fast-check runs per property; default: the profile's (profiles.ts). */
  numRuns?: number;
  /** `full` (default) runs every check; `quick` the fast ones with fewer runs per property. */
  profile?: Profile;
  /** Check ID → reason: failures of these checks are expected (`--expected-failures`). */
  expectedFailures?: ReadonlyMap<string, string>;
  /** fast-check replay path (use with a single selected check). */
  path?: string;
  /** Check IDs, check ID prefixes, requirement IDs or areas to run. */
  only?: readonly string[];
  /** Same selectors, to leave out. */
  skip?: readonly string[];
  /** Per-request time-out; default 10 s. */
  timeoutMs?: number;
  /** Longest time one check may take; default by profile (CHECK_TIME_LIMIT_MS). */
  checkTimeoutMs?: number;
  /** Longest time the whole run may take (`--timeout`); checks not started by then are not run. */
  runTimeoutMs?: number;
  /**
   * Checks whose features beyond the contract the target claims (`--claims`: check IDs, prefixes, requirement IDs
   * or areas, or `all`): a feature such a check finds missing is a wrong answer, graded at the check's own level.
   */
  claims?: readonly string[];
  /** Lanes run at the same time (lanes.ts); default DEFAULT_CONCURRENCY of the profile; 1 runs every check one after the other. */
  concurrency?: number;
  /** App target: the account and what may be done with it. */
  app?: AppTargetOptions;
  /**
   * Check ID → why the preflight found the check cannot run against this set-up (e.g. it needs a
   * working account and the run has `--offline-account`): it is skipped with that reason, not run.
   */
  notRunnable?: ReadonlyMap<string, string>;
  /**
   * The run's secrets (secrets.ts runSecrets; the CLI always gives them): they learn the credentials
   * of every exchange, curl lines name them by their environment variable, and every result and
   * log line is masked before it leaves the runner. Absent: results are kept as they are.
   */
  secrets?: Secrets;
  /** Checks to choose from instead of the built-in catalogue (tests). */
  checks?: readonly Check[];
  onStart?: (check: Check) => void;
  onResult?: (result: CheckResult) => void;
  log?: (message: string) => void;
}


/**
 * Lanes of checks run at the same time by default (`--concurrency`), by profile. Quick: four, so the
 * checks that wait (for a webhook retry, a slow receiver, an app that says "try later") do not hold up
 * the others. Full: one, since its heavy checks (lists of 10,000 values, megabyte documents) keep a
 * server busy for seconds and would starve the checks beside them into time-outs. A server with tight
 * rate limits is run with 1.
 */
export const DEFAULT_CONCURRENCY: Readonly<Record<Profile, number>> = { quick: 4, full: 1 };

/** Default time limit of one check: a check that hangs fails in this time, naming its last exchange. */
export const CHECK_TIME_LIMIT_MS: Readonly<Record<Profile, number>> = { quick: 60_000, full: 15 * 60_000 };

export function randomSeed(): number {
  return Math.floor(Math.random() * 0x7fffffff);
}

type Found = Omit<CheckResult, 'outcome' | 'expectedFailureReason'>;

async function runOne(check: Check, options: RunOptions, seed: number, numRuns: number, deadline: Deadline): Promise<CheckResult> {
  const secrets = options.secrets;
  const found = secrets === undefined ? await verdictOf(check, options, seed, numRuns, deadline) : await withSecrets(secrets, () => verdictOf(check, options, seed, numRuns, deadline));
  const reason = options.expectedFailures?.get(check.id);
  const result: CheckResult = { ...found, outcome: grade(found.verdict, check.level, reason, check.unsupported), ...(reason === undefined ? {} : { expectedFailureReason: reason }) };
  return secrets === undefined ? result : maskResult(result, secrets);
}

/** The result with every secret of the run masked in its texts (the curl line names them by variable already). */
export function maskResult(result: CheckResult, secrets: Secrets): CheckResult {
  const masked: CheckResult = { ...result };
  if (result.message !== undefined) masked.message = secrets.mask(result.message);
  if (result.stack !== undefined) masked.stack = secrets.mask(result.stack);
  if (result.details !== undefined) masked.details = secrets.maskJson(result.details);
  return masked;
}

/** When a check must be done, and which limit that is (its own or the run's). */
interface Deadline {
  at: number;
  why: string;
}

/** The last exchange of a check, for the message of a check that ran out of time. */
function lastExchange(http: HttpClient): string {
  const last = http.lastExchange;
  if (last === undefined) return 'it had sent no request';
  const what = last.response ? `answered ${last.response.status} after ${last.durationMs} ms` : `${last.error ?? 'no answer'}`;
  return `its last request was ${last.request.method} ${last.request.url.replace(/^https?:\/\/[^/]+/, '')} (${what})`;
}

/** Whether `--claims` names the check (`all` names every one). */
export function isClaimed(check: Check, claims: readonly string[] | undefined): boolean {
  return claims !== undefined && claims.some((c) => c.trim() === 'all' || matches(check, c));
}

async function verdictOf(check: Check, options: RunOptions, seed: number, numRuns: number, deadline: Deadline): Promise<Found> {
  const secrets = options.secrets;
  // The secrets learn the credentials of every exchange as it is recorded, and once more of any a
  // check recorded itself (the app client adds to http.exchanges directly) when it ends.
  let harvested = 0;
  const harvest = (): void => {
    if (secrets === undefined) return;
    for (; harvested < http.exchanges.length; harvested += 1) secrets.harvest(http.exchanges[harvested] as Exchange);
  };
  const http: HttpClient = new HttpClient({
    baseUrl: options.baseUrl,
    token: options.token,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    deadline: deadline.at,
    ...(secrets === undefined ? {} : { onExchange: harvest }),
  });
  const given = options.log ?? ((): void => undefined);
  const log = secrets === undefined ? given : (message: string): void => given(secrets.mask(message));
  const base = {
    id: check.id,
    name: check.name,
    level: check.level,
    ...(check.unsupported === undefined ? {} : { unsupportedLevel: check.unsupported }),
    area: check.area,
    requirements: [...check.requirements],
  };
  const started = performance.now();
  const fastCheck = options.path === undefined ? { seed, numRuns } : { seed, numRuns, path: options.path };
  let timer: NodeJS.Timeout | undefined;
  try {
    const run = check.run({
      baseUrl: http.baseUrl,
      token: options.token,
      ...(options.readerToken === undefined ? {} : { readerToken: options.readerToken }),
      ...(options.editorToken === undefined ? {} : { editorToken: options.editorToken }),
      ...(options.rateLimit === undefined ? {} : { rateLimit: options.rateLimit }),
      http,
      fastCheck,
      profile: options.profile ?? 'full',
      deadline: deadline.at,
      log: (m) => log(`[${check.id}] ${m}`),
      ...(options.app === undefined ? {} : { app: options.app }),
    });
    // A timer may fire a millisecond before the wall clock reaches its time: it waits again for the
    // rest, so that once out of time the clock says so too (the run's limit is read off the clock).
    const outOfTime = new Promise<'out of time'>((resolve) => {
      const wait = (): void => {
        const left = deadline.at - Date.now();
        if (left <= 0) resolve('out of time');
        else timer = setTimeout(wait, left);
      };
      wait();
    });
    if ((await Promise.race([run, outOfTime])) === 'out of time') {
      // The check goes on in the background, but every request it makes from now on fails at once.
      run.catch(() => undefined);
      http.deadline = Date.now();
      const message = `the check did not finish within ${deadline.why}; ${lastExchange(http)}`;
      return { ...base, verdict: 'fail', durationMs: Math.round(performance.now() - started), message, exchanges: http.exchanges.length };
    }
    return { ...base, verdict: 'pass', durationMs: Math.round(performance.now() - started), exchanges: http.exchanges.length };
  } catch (error) {
    const durationMs = Math.round(performance.now() - started);
    if (isCheckSkipped(error)) {
      return { ...base, verdict: 'skip', durationMs, message: error.message, exchanges: http.exchanges.length };
    }
    if (isCheckUnsupported(error)) {
      if (isClaimed(check, options.claims)) {
        const message = `the target claims what this check verifies (--claims), but it is missing: ${error.message}`;
        return { ...base, verdict: 'fail', durationMs, message, exchanges: http.exchanges.length };
      }
      return { ...base, verdict: 'unsupported', durationMs, message: error.message, exchanges: http.exchanges.length };
    }
    if (isCheckFailure(error)) {
      return { ...base, verdict: 'fail', durationMs, message: error.message, details: error.details, exchanges: http.exchanges.length };
    }
    const result: Found = {
      ...base,
      verdict: 'error',
      durationMs,
      message: `the check crashed: ${error instanceof Error ? error.message : String(error)}`,
      exchanges: http.exchanges.length,
    };
    if (error instanceof Error && error.stack !== undefined) result.stack = error.stack;
    return result;
  } finally {
    clearTimeout(timer);
    harvest();
  }
}

export function summarize(
  results: CheckResult[],
  meta: Pick<RunSummary, 'target' | 'baseUrl' | 'profile' | 'seed' | 'numRuns' | 'startedAt' | 'durationMs' | 'leftOutByProfile'>,
): RunSummary {
  // By the level each verdict is graded at (an unsupported feature counts at its support level).
  const byLevel = Object.fromEntries(
    LEVELS.map((level) => [level, countOutcomes(results.filter((r) => gradedLevel(r.verdict, r.level, r.unsupportedLevel) === level).map((r) => r.outcome))]),
  ) as Record<Level, OutcomeCounts>;
  const conformant = !results.some((r) => isFailedVerdict(r.verdict) && gradedLevel(r.verdict, r.level, r.unsupportedLevel) === 'MUST');
  return {
    ...meta,
    results,
    byLevel,
    counts: countOutcomes(results.map((r) => r.outcome)),
    failures: results.filter((r) => !['pass', 'skip', 'expected-failure'].includes(r.outcome)),
    conformant,
    exitCode: results.some((r) => FAILING_OUTCOMES.has(r.outcome)) ? 1 : 0,
  };
}

/** Selects and runs checks, lanes side by side. Throws SelectionError for unknown selectors. */
export async function runChecks(options: RunOptions): Promise<RunSummary> {
  const seed = options.seed ?? randomSeed();
  const profile = options.profile ?? 'full';
  const { checks, leftOut, numRuns } = plan(options);
  const startedAt = new Date().toISOString();
  const started = performance.now();
  const checkLimit = options.checkTimeoutMs ?? CHECK_TIME_LIMIT_MS[profile];
  const runEnd = options.runTimeoutMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + options.runTimeoutMs;
  const runLimit = `the run's time limit (--timeout ${seconds(options.runTimeoutMs ?? 0)})`;
  let interrupted: string | undefined;
  const results = await runInLanes(checks, laneOf, options.concurrency ?? DEFAULT_CONCURRENCY[profile], async (check): Promise<CheckResult> => {
    if (Date.now() >= runEnd) {
      interrupted ??= `${runLimit} ran out before ${check.id}`;
      const result: CheckResult = { ...notRun(check), message: `not run: ${runLimit} ran out` };
      options.onResult?.(result);
      return result;
    }
    const cannotRun = options.notRunnable?.get(check.id);
    if (cannotRun !== undefined) {
      const result: CheckResult = { ...notRun(check), message: cannotRun };
      options.onResult?.(result);
      return result;
    }
    options.onStart?.(check);
    const ownEnd = Date.now() + checkLimit;
    const deadline = ownEnd <= runEnd ? { at: ownEnd, why: `its time limit of ${seconds(checkLimit)}` } : { at: runEnd, why: runLimit };
    const result = await runOne(check, options, seed, numRuns, deadline);
    if (deadline.at === runEnd && Date.now() >= runEnd) interrupted ??= `${runLimit} ran out during ${check.id}`;
    options.onResult?.(result);
    return result;
  });
  const summary = summarize(results, {
    target: options.target,
    baseUrl: normalizeBaseUrl(options.baseUrl),
    profile,
    seed,
    numRuns,
    startedAt,
    durationMs: Math.round(performance.now() - started),
    leftOutByProfile: leftOut,
  });
  // A run cut short says nothing of the checks it did not run: it is not a conformant run.
  return interrupted === undefined ? summary : { ...summary, interrupted, conformant: false, exitCode: 1 };
}

function seconds(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`;
}

/** The result of a check the run had no time left for. */
function notRun(check: Check): CheckResult {
  return {
    id: check.id,
    name: check.name,
    level: check.level,
    area: check.area,
    requirements: [...check.requirements],
    verdict: 'skip',
    outcome: 'skip',
    durationMs: 0,
    exchanges: 0,
  };
}

/** The checks a run would run (selection, then profile), the checks the profile leaves out, and the runs per property. */
export function plan(options: Pick<RunOptions, 'target' | 'checks' | 'only' | 'skip' | 'profile' | 'numRuns'>): { checks: Check[]; leftOut: string[]; numRuns: number } {
  const selection: { only?: readonly string[]; skip?: readonly string[] } = {};
  if (options.only) selection.only = options.only;
  if (options.skip) selection.skip = options.skip;
  const selected = selectChecks(checksFor(options.target, options.checks), selection);
  const { checks, leftOut, numRuns } = profileChecks(options.profile ?? 'full', selected, new Set(options.only ?? []));
  return { checks, leftOut: leftOut.map((c) => c.id), numRuns: options.numRuns ?? numRuns };
}
