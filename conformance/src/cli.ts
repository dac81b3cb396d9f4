/**
 * svc-conformance: runs the conformance checks against a server or an integration app.
 *
 *   svc-conformance server --base-url URL --token TOKEN [--seed N] [--runs N] [--only a,b] [--skip a,b] [--list]
 *   svc-conformance app --app-url URL [--account JSON] [--account-type ID] [--destructive] [--seed N] [--only a,b] [--list]
 */
import { parseArgs, styleText } from 'node:util';
import type { AppTargetOptions, Target } from './check.js';
import { appPreflight } from './checks/app/preflight.js';
import { isRecord } from './shapes.js';
import { checksFor, selectChecks, SelectionError } from './registry.js';
import { formatCheckList, formatResult, formatSummary, plainStyle, type Style } from './report.js';
import { DEFAULT_NUM_RUNS, randomSeed, runChecks } from './runner.js';
import { shellQuote } from './curl.js';
import { SCHEMA_QUERY } from './fixtures.js';
import { DEFAULT_TIMEOUT_MS, HttpClient } from './http.js';

const USAGE = `Usage:
  svc-conformance server --base-url URL --token TOKEN [options]
  svc-conformance server --list [--only a,b] [--skip a,b]
  svc-conformance app --app-url URL [--account JSON] [--account-type ID] [--destructive] [options]
  svc-conformance app --list [--only a,b] [--skip a,b]

Options of the server target:
  --base-url URL   address of the service (e.g. http://127.0.0.1:3000)
  --token TOKEN    API token (default: $SVC_TOKEN)

Options of the app target:
  --app-url URL    address of the integration app (e.g. http://127.0.0.1:8090)
  --account JSON   field values of one account type, e.g. '{"token":"..."}' (default: $SVC_APP_ACCOUNT);
                   not needed by an app without authentication
  --account-type ID  the account type of --account (default: the first whose fields match its keys)
  --filter JSON    filter values sent with schema, data and webhook requests (default {}), e.g. '{"region":"eu"}'
  --destructive    also run DELETE /api/v1/account (it may revoke the account in the external system)
  --max-pages N    data pages read per type before pagination is taken to be endless (default 10000)
  (app.webhooks-install installs a webhook in the external system when the app's config enables webhooks)

Options of both:
  --seed N         fast-check seed (random when absent; always printed)
  --runs N         fast-check runs per property (default ${DEFAULT_NUM_RUNS})
  --path P         fast-check replay path of a failure (needs --only with one check)
  --only a,b       run only these check IDs, requirement IDs or areas
  --skip a,b       leave these out
  --timeout MS     per-request time-out (default 10000)
  --list           list the checks (id, level, requirement IDs, name) and exit
  --verbose        print the checks' log lines on stderr
  -h, --help       this text

Exit status: 0 every MUST check passed; 1 a MUST check failed or crashed; 2 usage error, target unreachable
or token refused.`;

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
  return { pass: (t) => styleText('green', t), fail: (t) => styleText('red', t), dim: (t) => styleText('dim', t) };
}

/** Why the run cannot start (target unreachable, token refused), or undefined. */
async function preflight(baseUrl: string, token: string, timeoutMs: number): Promise<string | undefined> {
  const http = new HttpClient({ baseUrl, token, timeoutMs });
  try {
    const res = await http.command(SCHEMA_QUERY);
    if (res.status === 401) return `the token is refused (401 on POST /api/commands with "Authorization: Token <token>")`;
    return undefined;
  } catch (error) {
    return `cannot reach ${baseUrl}: ${error instanceof Error ? error.message : String(error)}`;
  }
}

export async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      'base-url': { type: 'string' },
      token: { type: 'string' },
      seed: { type: 'string' },
      runs: { type: 'string' },
      path: { type: 'string' },
      only: { type: 'string' },
      skip: { type: 'string' },
      timeout: { type: 'string' },
      'app-url': { type: 'string' },
      account: { type: 'string' },
      'account-type': { type: 'string' },
      filter: { type: 'string' },
      destructive: { type: 'boolean', default: false },
      'max-pages': { type: 'string' },
      list: { type: 'boolean', default: false },
      verbose: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const [target, ...extra] = positionals;
  if (target !== 'server' && target !== 'app') throw new UsageError(target === undefined ? 'missing target: server or app' : `unknown target ${JSON.stringify(target)}`);
  if (extra.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(extra[0])}`);

  const only = csv(values.only);
  const skip = csv(values.skip);
  const available = checksFor(target as Target);

  const appOnly = (['app-url', 'account', 'account-type', 'filter', 'max-pages'] as const).filter((o) => values[o] !== undefined);
  if (target === 'server' && (appOnly.length > 0 || values.destructive)) throw new UsageError(`--${appOnly[0] ?? 'destructive'} is an option of the app target`);
  if (target === 'app' && (values['base-url'] !== undefined || values.token !== undefined)) {
    throw new UsageError(`the app target takes --app-url (and --account), not --${values['base-url'] !== undefined ? 'base-url' : 'token'}`);
  }

  if (values.list) {
    const selected = selectChecks(available, { ...(only ? { only } : {}), ...(skip ? { skip } : {}) });
    process.stdout.write(`${formatCheckList(selected)}\n`);
    return 0;
  }

  if (target === 'app') return runApp(values, only, skip);

  const baseUrl = values['base-url'];
  const token = values.token ?? process.env['SVC_TOKEN'];
  if (baseUrl === undefined) throw new UsageError('--base-url is required');
  if (!/^https?:\/\/[^/]/.test(baseUrl)) throw new UsageError(`--base-url must be an http(s) URL, got ${JSON.stringify(baseUrl)}`);
  if (token === undefined || token === '') throw new UsageError('--token (or $SVC_TOKEN) is required');
  const seed = integer(values.seed, '--seed', 0) ?? randomSeed();
  const numRuns = integer(values.runs, '--runs', 1) ?? DEFAULT_NUM_RUNS;
  const timeoutMs = integer(values.timeout, '--timeout', 1);
  const selected = selectChecks(available, { ...(only ? { only } : {}), ...(skip ? { skip } : {}) });
  if (values.path !== undefined && selected.length !== 1) throw new UsageError('--path replays one property: select exactly one check with --only');

  const problem = await preflight(baseUrl, token, timeoutMs ?? DEFAULT_TIMEOUT_MS);
  if (problem !== undefined) {
    process.stderr.write(`svc-conformance: ${problem}\n`);
    return 2;
  }

  const style = colours(process.stdout);
  const idWidth = Math.max(0, ...selected.map((c) => c.id.length));
  process.stdout.write(`svc-conformance ${target} ${baseUrl}: ${selected.length} checks, seed ${seed}, ${numRuns} runs per property\n\n`);
  const summary = await runChecks({
    target,
    baseUrl,
    token,
    seed,
    numRuns,
    ...(values.path === undefined ? {} : { path: values.path }),
    ...(only ? { only } : {}),
    ...(skip ? { skip } : {}),
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    onResult: (result) => process.stdout.write(`${formatResult(result, idWidth, style)}\n`),
    ...(values.verbose ? { log: (message: string) => process.stderr.write(`${message}\n`) } : {}),
  });
  process.stdout.write(`\n${formatSummary(summary)}\n`);
  if (summary.failures.length > 0) {
    const ids = summary.failures.map((r) => r.id).join(',');
    process.stdout.write(
      `reproduce: svc-conformance server --base-url ${shellQuote(baseUrl)} --token "$SVC_TOKEN" --seed ${seed} --runs ${numRuns} --only ${ids}\n`,
    );
  }
  return summary.exitCode;
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

interface AppValues {
  'app-url'?: string | undefined;
  account?: string | undefined;
  'account-type'?: string | undefined;
  filter?: string | undefined;
  destructive?: boolean | undefined;
  'max-pages'?: string | undefined;
  seed?: string | undefined;
  runs?: string | undefined;
  path?: string | undefined;
  timeout?: string | undefined;
  verbose?: boolean | undefined;
}

async function runApp(values: AppValues, only: string[] | undefined, skip: string[] | undefined): Promise<number> {
  const appUrl = values['app-url'];
  if (appUrl === undefined) throw new UsageError('--app-url is required');
  if (!/^https?:\/\/[^/]/.test(appUrl)) throw new UsageError(`--app-url must be an http(s) URL, got ${JSON.stringify(appUrl)}`);
  const account = parseObject(values.account ?? process.env['SVC_APP_ACCOUNT'], '--account', '{"token":"..."}');
  const filter = parseObject(values.filter, '--filter', '{"region":"eu"}');
  const maxPages = integer(values['max-pages'], '--max-pages', 1);
  const app: AppTargetOptions = {
    ...(account === undefined ? {} : { account }),
    ...(values['account-type'] === undefined ? {} : { accountType: values['account-type'] }),
    ...(filter === undefined ? {} : { filter }),
    ...(values.destructive ? { destructive: true } : {}),
    ...(maxPages === undefined ? {} : { maxPages }),
  };
  const seed = integer(values.seed, '--seed', 0) ?? randomSeed();
  const numRuns = integer(values.runs, '--runs', 1) ?? DEFAULT_NUM_RUNS;
  const timeoutMs = integer(values.timeout, '--timeout', 1);
  const selected = selectChecks(checksFor('app'), { ...(only ? { only } : {}), ...(skip ? { skip } : {}) });
  if (values.path !== undefined && selected.length !== 1) throw new UsageError('--path replays one property: select exactly one check with --only');

  const problem = await appPreflight(appUrl, app, timeoutMs ?? DEFAULT_TIMEOUT_MS);
  if (problem !== undefined) {
    process.stderr.write(`svc-conformance: ${problem}\n`);
    return 2;
  }

  const style = colours(process.stdout);
  const skipStyle: Style = { ...style, fail: style.dim };
  const idWidth = Math.max(0, ...selected.map((c) => c.id.length));
  process.stdout.write(`svc-conformance app ${appUrl}: ${selected.length} checks, seed ${seed}, ${numRuns} runs per property\n\n`);
  const summary = await runChecks({
    target: 'app',
    baseUrl: appUrl,
    token: '',
    app,
    seed,
    numRuns,
    ...(values.path === undefined ? {} : { path: values.path }),
    ...(only ? { only } : {}),
    ...(skip ? { skip } : {}),
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    onResult: (result) => process.stdout.write(`${formatResult(result, idWidth, result.verdict === 'skip' ? skipStyle : style)}\n`),
    ...(values.verbose ? { log: (message: string) => process.stderr.write(`${message}\n`) } : {}),
  });
  process.stdout.write(`\n${formatSummary(summary)}\n`);
  const skipped = summary.results.filter((r) => r.verdict === 'skip');
  if (skipped.length > 0) process.stdout.write(`${skipped.length} skipped (not applicable to this app or not run): ${skipped.map((r) => r.id).join(', ')}\n`);
  if (summary.failures.length > 0) {
    const ids = summary.failures.map((r) => r.id).join(',');
    const accountArgs =
      `${account === undefined ? '' : ' --account "$SVC_APP_ACCOUNT"'}${app.accountType === undefined ? '' : ` --account-type ${shellQuote(app.accountType)}`}` +
      `${filter === undefined ? '' : ` --filter ${shellQuote(JSON.stringify(filter))}`}`;
    process.stdout.write(`reproduce: svc-conformance app --app-url ${shellQuote(appUrl)}${accountArgs} --seed ${seed} --runs ${numRuns} --only ${ids}\n`);
  }
  return summary.exitCode;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError || error instanceof SelectionError || (error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))) {
    process.stderr.write(`svc-conformance: ${error.message}\n\n${USAGE}\n`);
    process.exitCode = 2;
  } else {
    throw error;
  }
}
