/**
 * svc-conformance: runs the conformance checks against a server or an integration app, grades the
 * verdicts by level, and writes the reports (JSON, JUnit XML, HTML) with the traceability matrix.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { parseArgs, styleText } from 'node:util';
import type { Profile } from '../../generated/conformance/report.js';
import type { AppEvent, AppTargetOptions, Check, RateLimit, Target } from './check.js';
import { needsAccount } from './checks/app/index.js';
import { appPreflight } from './checks/app/preflight.js';
import { shellQuote } from './curl.js';
import { ExpectedFailuresError, loadExpectedFailures } from './expected-failures.js';
import { DEFAULT_TIMEOUT_MS } from './http.js';
import { PROFILE_RUNS, isProfile } from './profiles.js';
import { serverPreflight } from './preflight/server.js';
import { Progress } from './progress.js';
import { checksFor, SelectionError, selectChecks } from './registry.js';
import { formatCheckList, formatCoverage, formatSummary, plainStyle, type Style } from './report.js';
import { buildReport } from './reports/build.js';
import { renderHtml } from './reports/html.js';
import { renderJunit } from './reports/junit.js';
import { traceability } from './reports/traceability.js';
import { loadRequirements } from './requirements.js';
import { runSecrets } from './secrets.js';
import { isRecord } from './shapes.js';
import { CHECK_TIME_LIMIT_MS, DEFAULT_CONCURRENCY, plan, randomSeed, runChecks, type RunOptions } from './runner.js';

const USAGE = `Usage:
  svc-conformance server --base-url URL --token TOKEN [--reader-token TOKEN] [--editor-token TOKEN] [options]
  svc-conformance app --app-url URL [--account JSON] [--account-type ID] [--filter JSON] [--destructive] [options]
  svc-conformance server|app --list [--only a,b] [--skip a,b] [--profile quick]
  svc-conformance server|app --coverage

Options of the server target:
  --base-url URL       address of the service (e.g. http://127.0.0.1:3000)
  --token TOKEN        API token of an Architect (default: $SVC_TOKEN)
  --reader-token TOKEN a token below Architect (default: $SVC_READER_TOKEN); without it the
                       access-level checks are skipped
  --rate-limit N/S     the target's per-token request limit, N requests per S seconds (e.g. 600/60);
                       the check of the limit then sends N+1 requests with --token and expects the
                       last 429 (other checks running meanwhile may meet 429 too: run it alone,
                       --only http.rate-limit); without it that check is skipped
  --editor-token TOKEN a token of the Editor level (default: $SVC_EDITOR_TOKEN); without it the
                       access-level checks try the Reader and Architect levels only

Options of the app target:
  --app-url URL    address of the integration app (e.g. http://127.0.0.1:8090)
  --account JSON   field values of one account type, e.g. '{"token":"..."}' (default: $SVC_APP_ACCOUNT);
                   not needed by an app without authentication
  --account-type ID  the account type of --account (default: the first whose fields match its keys)
  --filter JSON    filter values sent with schema, data and webhook requests (default {}), e.g. '{"region":"eu"}'
  --offline-account
                   run without a working account (the app's external system is out of reach, or
                   there is no account to give): only the checks that need none run, the others
                   are skipped saying so
  --destructive    also run DELETE /api/v1/account (it may revoke the account in the external system)
                   and each custom action once (it may change the external system)
  --max-pages N    data pages read per type before pagination is taken to be endless (default 10000)
  --types A,B      the type ids to synchronize and read (default: every type of the config), e.g. for
                   an app whose other types need an external system this run cannot reach
  --event FILE     JSON {headers: {...}, body: "..."}: an event of the external system that the app's
                   pre-process accepts (a recorded, signed delivery); without it the checks of
                   accepted events are skipped

Choosing what runs:
  --profile P      quick: fast checks only, ${PROFILE_RUNS.quick} runs per property (under a minute against the
                   reference server); full (default): every check, ${PROFILE_RUNS.full} runs per property
  --only a,b       run only these check IDs, check ID prefixes, requirement IDs or areas
  --skip a,b       leave these out
  --claims a,b|all the features beyond the contract the target claims, as check IDs, prefixes,
                   requirement IDs or areas (all: every one): a feature such a check finds missing
                   fails at the check's own level instead of being graded as unsupported
  --seed N         fast-check seed (random when absent; always printed)
  --runs N         fast-check runs per property (overrides the profile's)
  --path P         fast-check replay path of a failure (needs --only with one check)
  --expected-failures FILE
                   YAML/JSON {expectedFailures: [{check, reason}]}: listed failures do not fail the
                   run; a listed check that passes does (spec/conformance/expected-failures.schema.json)
  --timeout S      time limit of the whole run in seconds (none by default): a check still running
                   then fails naming its last request, the checks not started are not run, and the
                   run is not conformant (exit 1)
  --check-timeout S  time limit of one check in seconds (default ${CHECK_TIME_LIMIT_MS.quick / 1000} in the quick profile,
                   ${CHECK_TIME_LIMIT_MS.full / 1000} in full): a check that hangs fails, naming its last request
  --request-timeout MS
                   per-request time-out (default ${DEFAULT_TIMEOUT_MS})
  --concurrency N  lanes of checks run at the same time (default ${DEFAULT_CONCURRENCY.quick} in the quick profile,
                   ${DEFAULT_CONCURRENCY.full} in full); checks that share something of the whole workspace (the
                   webhook list, integration accounts) share a lane and run one after the other; 1 runs
                   every check alone, in catalogue order

Reports:
  --json FILE      the run as JSON (spec/conformance/report.schema.json), traceability included
  --junit FILE     JUnit XML, one test suite per area
  --html FILE      one self-contained HTML page: matrix by area, failures with counterexample and
                   curl line, traceability matrix, uncovered requirements
  --list           list the checks (level, id, requirement IDs, name) and exit
  --coverage       print which requirements of the target no check covers, and exit
  --verbose        print the checks' log lines on stderr
  -h, --help       this text

Verdicts are graded by level: a failed MUST check fails the run (FAIL), a SHOULD one warns (WARN),
a MAY one notes (NOTE). Exit status: 0 no FAIL and no XPASS (an expected failure that passed);
1 otherwise; 2 a set-up the run cannot start with, named in one line with its fix (usage error,
target unreachable, a base URL that is not the service root, a token refused, a server that may
not call the suite's webhook receiver or mock app when the selected checks need them, an account
the app does not accept): before any check, a preflight tries each of these.`;

class UsageError extends Error {}

function csv(value: string | undefined): string[] | undefined {
  return value === undefined ? undefined : value.split(',').map((s) => s.trim()).filter((s) => s !== '');
}

function integer(value: string | undefined, option: string, min: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < min || !Number.isSafeInteger(Number(value))) {
    throw new UsageError(`${option} expects an integer >= ${min}, got ${JSON.stringify(value)}`);
  }
  return Number(value);
}

function colours(stream: NodeJS.WriteStream): Style {
  if (!stream.isTTY || process.env['NO_COLOR'] !== undefined) return plainStyle;
  return { pass: (t) => styleText('green', t), fail: (t) => styleText('red', t), warn: (t) => styleText('yellow', t), dim: (t) => styleText('dim', t) };
}

/** A JSON object option (--account, --filter); `example` shows the expected form. */
function parseObject(text: string | undefined, option: string, example: string): Record<string, unknown> | undefined {
  if (text === undefined || text === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (error) {
    throw new UsageError(`${option} is not JSON (${error instanceof Error ? error.message : String(error)}); expected a JSON object, e.g. '${example}'`);
  }
  if (!isRecord(value)) throw new UsageError(`${option} must be a JSON object, e.g. '${example}', got ${JSON.stringify(value)}`);
  return value;
}

function httpUrl(value: string | undefined, option: string): string {
  if (value === undefined) throw new UsageError(`${option} is required`);
  if (!/^https?:\/\/[^/]/.test(value)) throw new UsageError(`${option} must be an http(s) URL, got ${JSON.stringify(value)}`);
  return value;
}

const OPTIONS = {
  'base-url': { type: 'string' },
  token: { type: 'string' },
  'reader-token': { type: 'string' },
  'editor-token': { type: 'string' },
  'rate-limit': { type: 'string' },
  'app-url': { type: 'string' },
  account: { type: 'string' },
  'account-type': { type: 'string' },
  filter: { type: 'string' },
  destructive: { type: 'boolean', default: false },
  'offline-account': { type: 'boolean' },
  'max-pages': { type: 'string' },
  types: { type: 'string' },
  event: { type: 'string' },
  profile: { type: 'string' },
  seed: { type: 'string' },
  runs: { type: 'string' },
  path: { type: 'string' },
  only: { type: 'string' },
  skip: { type: 'string' },
  claims: { type: 'string' },
  'expected-failures': { type: 'string' },
  timeout: { type: 'string' },
  'check-timeout': { type: 'string' },
  concurrency: { type: 'string' },
  'request-timeout': { type: 'string' },
  json: { type: 'string' },
  junit: { type: 'string' },
  html: { type: 'string' },
  list: { type: 'boolean', default: false },
  coverage: { type: 'boolean', default: false },
  verbose: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

type Values = ReturnType<typeof parseArgs<{ args: string[]; allowPositionals: true; options: typeof OPTIONS }>>['values'];

const SERVER_ONLY = ['base-url', 'token', 'reader-token', 'editor-token', 'rate-limit'] as const;
const APP_ONLY = ['app-url', 'account', 'account-type', 'filter', 'max-pages', 'types', 'event', 'offline-account'] as const;

/** What the target needs: its address, token(s) or account, the preflight, and how to repeat the run. */
interface TargetSetup {
  baseUrl: string;
  run: Pick<RunOptions, 'token' | 'readerToken' | 'editorToken' | 'rateLimit' | 'app'>;
  /** Why the run cannot start with these checks (one line with the fix), or undefined. */
  preflight(timeoutMs: number, checks: readonly Check[]): Promise<string | undefined>;
  /** Checks of the plan that cannot run with this set-up, and why (skipped, not run). */
  notRunnable(checks: readonly Check[]): Map<string, string>;
  /** The arguments that address the target in a reproduce line. */
  reproduceArgs: string;
}

function serverSetup(values: Values): TargetSetup {
  const baseUrl = httpUrl(values['base-url'], '--base-url');
  const token = values.token ?? process.env['SVC_TOKEN'];
  if (token === undefined || token === '') throw new UsageError('--token (or $SVC_TOKEN) is required');
  const readerToken = values['reader-token'] ?? process.env['SVC_READER_TOKEN'];
  const editorToken = values['editor-token'] ?? process.env['SVC_EDITOR_TOKEN'];
  const rateLimit = rateLimitOption(values['rate-limit']);
  return {
    baseUrl,
    run: {
      token,
      ...(readerToken === undefined || readerToken === '' ? {} : { readerToken }),
      ...(editorToken === undefined || editorToken === '' ? {} : { editorToken }),
      ...(rateLimit === undefined ? {} : { rateLimit }),
    },
    preflight: (timeoutMs, checks) => serverPreflight({ baseUrl, token, readerToken: readerToken || undefined, editorToken: editorToken || undefined, timeoutMs, checks }),
    notRunnable: () => new Map(),
    reproduceArgs: `--base-url ${shellQuote(baseUrl)} --token "$SVC_TOKEN"${readerToken ? ' --reader-token "$SVC_READER_TOKEN"' : ''}${editorToken ? ' --editor-token "$SVC_EDITOR_TOKEN"' : ''}${rateLimit ? ` --rate-limit ${rateLimit.requests}/${rateLimit.seconds}` : ''}`,
  };
}

/** `--rate-limit N/S`: N requests (1 to 10000: the check sends N+1) per S seconds (1 to 3600). */
function rateLimitOption(value: string | undefined): RateLimit | undefined {
  if (value === undefined) return undefined;
  const match = /^(\d{1,5})\/(\d{1,4})$/.exec(value.trim());
  const requests = Number(match?.[1]);
  const seconds = Number(match?.[2]);
  if (!match || requests < 1 || requests > 10_000 || seconds < 1 || seconds > 3_600) {
    throw new UsageError(`--rate-limit expects N/S, N requests (1 to 10000) per S seconds (1 to 3600), e.g. 600/60; got ${JSON.stringify(value)}`);
  }
  return { requests, seconds };
}

/** `--event FILE`: `{headers: {name: value}, body: string | JSON value}`. */
async function readEvent(path: string): Promise<AppEvent> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path, 'utf8')) as unknown;
  } catch (error) {
    throw new UsageError(`--event ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const headers = isRecord(parsed) ? parsed['headers'] : undefined;
  if (!isRecord(parsed) || !isRecord(headers) || !Object.values(headers).every((v) => typeof v === 'string') || !('body' in parsed)) {
    throw new UsageError(`--event ${path} must hold {"headers": {"name": "value", ...}, "body": "<the body as sent>"}`);
  }
  const body = parsed['body'];
  return {
    headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), String(v)])),
    body: typeof body === 'string' ? body : JSON.stringify(body),
  };
}

/** `--types A,B`: type ids, comma-separated, each once. */
function typeList(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const ids = value.split(',').map((id) => id.trim());
  if (ids.some((id) => id === '')) throw new UsageError(`--types must be type ids separated by commas, e.g. --types task,project; got ${JSON.stringify(value)}`);
  const repeated = ids.find((id, i) => ids.indexOf(id) !== i);
  if (repeated !== undefined) throw new UsageError(`--types names ${JSON.stringify(repeated)} twice`);
  return ids;
}

async function appSetup(values: Values): Promise<TargetSetup> {
  const appUrl = httpUrl(values['app-url'], '--app-url');
  const account = parseObject(values.account ?? process.env['SVC_APP_ACCOUNT'], '--account', '{"token":"..."}');
  const filter = parseObject(values.filter, '--filter', '{"region":"eu"}');
  const maxPages = integer(values['max-pages'], '--max-pages', 1);
  const types = typeList(values.types);
  const event = values.event === undefined ? undefined : await readEvent(values.event);
  const app: AppTargetOptions = {
    ...(event === undefined ? {} : { event }),
    ...(account === undefined ? {} : { account }),
    ...(values['account-type'] === undefined ? {} : { accountType: values['account-type'] }),
    ...(filter === undefined ? {} : { filter }),
    ...(values.destructive ? { destructive: true } : {}),
    ...(maxPages === undefined ? {} : { maxPages }),
    ...(types === undefined ? {} : { types }),
  };
  const reproduceArgs =
    `--app-url ${shellQuote(appUrl)}${account === undefined ? '' : ' --account "$SVC_APP_ACCOUNT"'}` +
    `${app.accountType === undefined ? '' : ` --account-type ${shellQuote(app.accountType)}`}${filter === undefined ? '' : ` --filter ${shellQuote(JSON.stringify(filter))}`}` +
    `${values.event === undefined ? '' : ` --event ${shellQuote(values.event)}`}${types === undefined ? '' : ` --types ${shellQuote(types.join(','))}`}` +
    `${maxPages === undefined ? '' : ` --max-pages ${maxPages}`}${values.destructive ? ' --destructive' : ''}`;
  const offline = values['offline-account'] === true;
  const offlineReason = 'needs a working account, and the run has --offline-account: not run';
  return {
    baseUrl: appUrl,
    run: { token: '', app },
    preflight: (timeoutMs) => appPreflight(appUrl, app, timeoutMs, offline),
    notRunnable: (checks) => new Map(offline ? checks.filter(needsAccount).map((c) => [c.id, offlineReason]) : []),
    reproduceArgs: `${reproduceArgs}${offline ? ' --offline-account' : ''}`,
  };
}

async function writeReport(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text);
}

export async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const [targetArg, ...extra] = positionals;
  if (targetArg !== 'server' && targetArg !== 'app') throw new UsageError(targetArg === undefined ? 'missing target: server or app' : `unknown target ${JSON.stringify(targetArg)}`);
  if (extra.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(extra[0])}`);
  const target: Target = targetArg;
  const foreign = (target === 'server' ? APP_ONLY : SERVER_ONLY).find((o) => values[o] !== undefined);
  if (foreign !== undefined || (target === 'server' && values.destructive)) {
    throw new UsageError(`--${foreign ?? 'destructive'} is an option of the ${target === 'server' ? 'app' : 'server'} target`);
  }

  const profileName = values.profile ?? 'full';
  if (!isProfile(profileName)) throw new UsageError(`--profile is quick or full, got ${JSON.stringify(profileName)}`);
  const profile: Profile = profileName;
  const only = csv(values.only);
  const skip = csv(values.skip);
  const claims = csv(values.claims);
  const available = checksFor(target);
  if (claims && !claims.includes('all')) selectChecks(available, { only: claims });
  const selection = { target, profile, ...(only ? { only } : {}), ...(skip ? { skip } : {}) };

  if (values.list) {
    process.stdout.write(`${formatCheckList(plan(selection).checks)}\n`);
    return 0;
  }
  const catalogue = await loadRequirements();
  if (values.coverage) {
    process.stdout.write(`${formatCoverage(traceability(catalogue, target, available, []))}\n`);
    return 0;
  }

  const setup = target === 'server' ? serverSetup(values) : await appSetup(values);
  // Every token, account value and webhook secret of the run is masked in whatever is printed or written.
  const account = setup.run.app?.account;
  const secrets = runSecrets({ baseUrl: setup.baseUrl, ...setup.run, ...(account === undefined ? {} : { account }) });
  const seed = integer(values.seed, '--seed', 0) ?? randomSeed();
  const runs = integer(values.runs, '--runs', 1);
  const timeoutMs = integer(values['request-timeout'], '--request-timeout', 1);
  const runTimeoutS = integer(values.timeout, '--timeout', 1);
  const checkTimeoutS = integer(values['check-timeout'], '--check-timeout', 1);
  const concurrency = integer(values.concurrency, '--concurrency', 1) ?? DEFAULT_CONCURRENCY[profile];
  const planned = plan({ ...selection, ...(runs === undefined ? {} : { numRuns: runs }) });
  if (values.path !== undefined && planned.checks.length !== 1) throw new UsageError('--path replays one property: select exactly one check with --only');
  const expectedFailuresFile = values['expected-failures'];
  const expectedFailures = expectedFailuresFile === undefined ? undefined : await loadExpectedFailures(expectedFailuresFile, available);

  const problem = await setup.preflight(timeoutMs ?? DEFAULT_TIMEOUT_MS, planned.checks);
  if (problem !== undefined) {
    process.stderr.write(`svc-conformance: ${secrets.mask(problem)}\n`);
    return 2;
  }

  const style = colours(process.stdout);
  const progress = new Progress({ stream: process.stdout, total: planned.checks.length, idWidth: Math.max(0, ...planned.checks.map((c: Check) => c.id.length)), style });
  process.stdout.write(
    `svc-conformance ${target} ${setup.baseUrl}: ${planned.checks.length} checks (profile ${profile}${planned.leftOut.length > 0 ? `, ${planned.leftOut.length} slow ones left out` : ''}), seed ${seed}, ${planned.numRuns} runs per property, ${concurrency === 1 ? 'one check at a time' : `up to ${concurrency} lanes at once`}\n\n`,
  );
  let summary;
  try {
    summary = await runChecks({
      ...selection,
      baseUrl: setup.baseUrl,
      ...setup.run,
      seed,
      ...(runs === undefined ? {} : { numRuns: runs }),
      ...(values.path === undefined ? {} : { path: values.path }),
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
      ...(runTimeoutS === undefined ? {} : { runTimeoutMs: runTimeoutS * 1000 }),
      ...(checkTimeoutS === undefined ? {} : { checkTimeoutMs: checkTimeoutS * 1000 }),
      concurrency,
      notRunnable: setup.notRunnable(planned.checks),
      secrets,
      ...(claims ? { claims } : {}),
      ...(expectedFailures === undefined ? {} : { expectedFailures }),
      onStart: progress.onStart,
      onResult: progress.onResult,
      ...(values.verbose ? { log: (message: string) => process.stderr.write(`${message}\n`) } : {}),
    });
  } finally {
    progress.stop();
  }
  const report = secrets.maskJson(buildReport(summary, {
    checks: available,
    catalogue,
    ...(only ? { only } : {}),
    ...(skip ? { skip } : {}),
    ...(expectedFailuresFile === undefined ? {} : { expectedFailuresFile }),
  }));
  process.stdout.write(`\n${formatSummary(summary)}\n${formatCoverage(report.traceability)}\n`);
  const skipped = summary.results.filter((r) => r.outcome === 'skip');
  if (skipped.length > 0) process.stdout.write(`${skipped.length} skipped (not applicable to this target): ${skipped.map((r) => r.id).join(', ')}\n`);
  // Replays run as printed (npx finds the installed bin) with the tokens or the account in the environment.
  const replay = {
    target: setup.reproduceArgs,
    options: `${profile === 'full' ? '' : ` --profile ${profile}`}${timeoutMs === undefined ? '' : ` --request-timeout ${timeoutMs}`}${claims ? ` --claims ${shellQuote(claims.join(','))}` : ''}`,
  };
  if (summary.failures.length > 0) {
    const ids = summary.failures.map((r) => r.id).join(',');
    process.stdout.write(secrets.mask(`reproduce: npx svc-conformance ${target} ${replay.target} --seed ${seed} --runs ${summary.numRuns}${replay.options} --only ${ids}\n`));
  }
  const outputs: Array<[string | undefined, () => string]> = [
    [values.json, () => `${JSON.stringify(report, null, 2)}\n`],
    [values.junit, () => renderJunit(report, replay)],
    [values.html, () => renderHtml(report, replay)],
  ];
  for (const [path, render] of outputs) {
    if (path === undefined) continue;
    await writeReport(path, render());
    process.stdout.write(`report: ${path}\n`);
  }
  return summary.exitCode;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  const usage =
    error instanceof UsageError ||
    error instanceof SelectionError ||
    error instanceof ExpectedFailuresError ||
    (error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'));
  if (usage) {
    process.stderr.write(`svc-conformance: ${error.message}\n\n${USAGE}\n`);
    process.exitCode = 2;
  } else {
    throw error;
  }
}
