/**
 * The server's integrations admin API (spec/service.openapi.yaml, tag `integrations`) as the
 * sync checks use it: accounts, OAuth set-up, sources, sync runs and their history. Each helper
 * checks the status and the shape it relies on and fails the check (with the curl line)
 * otherwise; the `*Raw` helpers answer the response unchecked.
 */
import type { components } from '../../../../generated/service/types.js';
import { describeRequest, expectJson, expectStatus, fail } from '../../assert.js';
import type { CheckContext } from '../../check.js';
import { HttpError, type HttpResponse } from '../../http.js';
import { isRecord, kindOf } from '../../shapes.js';
import { seconds, waitBudget, waitFor } from './wait.js';

type Schemas = components['schemas'];
export type IntegrationAccount = Schemas['IntegrationAccount'];
export type IntegrationAccountInput = Schemas['IntegrationAccountInput'];
export type IntegrationSource = Schemas['IntegrationSource'];
/** A source to add; keepUnsynced may be left out (it has a default). */
export type IntegrationSourceInput = Omit<Schemas['IntegrationSourceInput'], 'keepUnsynced'> & { keepUnsynced?: boolean };
export type IntegrationSourceUpdate = Schemas['IntegrationSourceUpdate'];
export type SyncRun = Schemas['SyncRun'];
export type OAuthStart = Schemas['OAuthStart'];
export type OAuthStartInput = Schemas['OAuthStartInput'];
export type ErrorBody = Schemas['ErrorBody'];

export const INTEGRATIONS = '/api/integrations';

/** Longest a check waits for one run to end (the server answers `wait=true` after at most 120 s). */
export const RUN_WAIT_MS = 130_000;

function expectRecord(res: HttpResponse, value: unknown, required: readonly string[], what: string): Record<string, unknown> {
  if (!isRecord(value)) fail(`${what}: ${describeRequest(res)} answered ${kindOf(value)}, not an object`, res);
  const missing = required.filter((key) => !(key in value));
  if (missing.length > 0) fail(`${what}: the answer of ${describeRequest(res)} lacks ${missing.map((m) => `"${m}"`).join(', ')}`, res);
  return value;
}

const RUN_KEYS = ['id', 'sourceId', 'trigger', 'status', 'startedAt', 'finishedAt', 'attempts', 'nextAttemptAt', 'error', 'stats'] as const;
const SOURCE_KEYS = ['id', 'accountId', 'space', 'types', 'filter', 'keepUnsynced', 'databases', 'webhook', 'createdAt', 'lastSynchronizedAt'] as const;
const ACCOUNT_KEYS = ['id', 'appUrl', 'appName', 'accountType', 'name', 'fieldNames', 'createdAt', 'eventsUrl'] as const;

export function expectRun(res: HttpResponse, value: unknown, what: string): SyncRun {
  const run = expectRecord(res, value, RUN_KEYS, what);
  if (typeof run['id'] !== 'number') fail(`${what}: the run's "id" is ${kindOf(run['id'])}, not an integer`, res);
  if (!isRecord(run['stats'])) fail(`${what}: the run's "stats" is ${kindOf(run['stats'])}, not an object`, res);
  return run as unknown as SyncRun;
}

function expectSourceBody(res: HttpResponse, value: unknown, what: string): IntegrationSource {
  const source = expectRecord(res, value, SOURCE_KEYS, what);
  if (!isRecord(source['databases'])) fail(`${what}: the source's "databases" is ${kindOf(source['databases'])}, not an object`, res);
  return source as unknown as IntegrationSource;
}

function expectAccountBody(res: HttpResponse, value: unknown, what: string): IntegrationAccount {
  const account = expectRecord(res, value, ACCOUNT_KEYS, what);
  if ('fields' in account) fail(`${what}: the account shows its "fields"; field values hold credentials and are never returned`, res);
  return account as unknown as IntegrationAccount;
}

/** The `{name, message, data?}` error of an admin endpoint. */
export function expectAdminError(res: HttpResponse, what: string): ErrorBody {
  const body = expectJson(res, what);
  if (!isRecord(body) || typeof body['name'] !== 'string' || typeof body['message'] !== 'string') {
    fail(`${what}: ${describeRequest(res)} answered ${res.status} without an error body {name, message, data}`, res);
  }
  return body as unknown as ErrorBody;
}

/** The error's message is a sentence that names `value` (the id or value the error is about, `shown` says which). */
export function expectMessageNames(error: ErrorBody, value: string, shown: string, what: string, res: HttpResponse): void {
  if (error.message.trim() === '') fail(`${what}: the ${error.name} body has an empty "message"; it is a sentence a person can act on, naming ${shown} ${value}`, res);
  if (!error.message.toLowerCase().includes(value.toLowerCase())) fail(`${what}: the message of ${error.name} ${JSON.stringify(error.message)} does not name ${shown} ${value}`, res);
}

// ------------------------------------------------------------------ accounts

export function addAccountRaw(ctx: CheckContext, input: IntegrationAccountInput): Promise<HttpResponse> {
  return ctx.http.post(`${INTEGRATIONS}/accounts`, input);
}

/** Adds an account; fails unless 201 with an account. A refusal of a loopback app address is explained. */
export async function addAccount(ctx: CheckContext, input: IntegrationAccountInput): Promise<IntegrationAccount> {
  const res = await addAccountRaw(ctx, input);
  const what = `adding an account of the mock app at ${input.appUrl}`;
  if (res.status >= 400 && /loopback|private|refused|not allowed/i.test(res.text)) {
    fail(
      `${what} was refused: the sync checks run a mock integration app on 127.0.0.1, so the server under test must be allowed to call loopback app addresses ` +
        '(the reference server: SVC_APP_ALLOW=127.0.0.1) and must run where the suite runs',
      res,
    );
  }
  expectStatus(res, 201, what);
  return expectAccountBody(res, expectJson(res, what), what);
}

export function deleteAccountRaw(ctx: CheckContext, id: string): Promise<HttpResponse> {
  return ctx.http.request({ method: 'DELETE', path: `${INTEGRATIONS}/accounts/${encodeURIComponent(id)}` });
}

export async function getAccountRaw(ctx: CheckContext, id: string): Promise<HttpResponse> {
  return ctx.http.get(`${INTEGRATIONS}/accounts/${encodeURIComponent(id)}`);
}

// ------------------------------------------------------------------ OAuth

export function startOAuthRaw(ctx: CheckContext, input: OAuthStartInput): Promise<HttpResponse> {
  return ctx.http.post(`${INTEGRATIONS}/oauth/authorize`, input);
}

export async function startOAuth(ctx: CheckContext, input: OAuthStartInput): Promise<OAuthStart> {
  const res = await startOAuthRaw(ctx, input);
  const what = `starting an OAuth set-up (${input.accountType}) with the mock app`;
  expectStatus(res, 200, what);
  const start = expectRecord(res, expectJson(res, what), ['redirectUri', 'state', 'callbackUri'], what);
  for (const key of ['redirectUri', 'state', 'callbackUri']) {
    if (typeof start[key] !== 'string' || start[key] === '') fail(`${what}: "${key}" is ${kindOf(start[key])}, not a non-empty string`, res);
  }
  return start as unknown as OAuthStart;
}

/** The callback as the browser reaches it: a GET without token, to the path and query of `url`. */
export function oauthCallbackRaw(ctx: CheckContext, url: string): Promise<HttpResponse> {
  const parsed = new URL(url);
  return ctx.http.request({ method: 'GET', path: `${parsed.pathname}${parsed.search}`, auth: 'none' });
}

export async function expectCallbackAccount(res: HttpResponse, what: string): Promise<IntegrationAccount> {
  expectStatus(res, 201, what);
  return expectAccountBody(res, expectJson(res, what), what);
}

// ------------------------------------------------------------------ sources

export function addSourceRaw(ctx: CheckContext, input: IntegrationSourceInput): Promise<HttpResponse> {
  return ctx.http.post(`${INTEGRATIONS}/sources`, input);
}

export async function addSource(ctx: CheckContext, input: IntegrationSourceInput): Promise<IntegrationSource> {
  const res = await addSourceRaw(ctx, input);
  const what = `adding a source of types ${input.types.join(', ')} into Space ${input.space}`;
  expectStatus(res, 201, what);
  const source = expectSourceBody(res, expectJson(res, what), what);
  for (const type of input.types) {
    if (typeof source.databases[type] !== 'string') fail(`${what}: "databases" names no Database for type "${type}"`, res);
  }
  return source;
}

export async function getSource(ctx: CheckContext, id: string): Promise<IntegrationSource> {
  const res = await ctx.http.get(`${INTEGRATIONS}/sources/${encodeURIComponent(id)}`);
  const what = `reading source ${id}`;
  expectStatus(res, 200, what);
  return expectSourceBody(res, expectJson(res, what), what);
}

export function patchSourceRaw(ctx: CheckContext, id: string, update: IntegrationSourceUpdate): Promise<HttpResponse> {
  return ctx.http.request({ method: 'PATCH', path: `${INTEGRATIONS}/sources/${encodeURIComponent(id)}`, json: update });
}

export async function patchSource(ctx: CheckContext, id: string, update: IntegrationSourceUpdate): Promise<IntegrationSource> {
  const res = await patchSourceRaw(ctx, id, update);
  const what = `changing source ${id} with ${JSON.stringify(update)}`;
  expectStatus(res, 200, what);
  return expectSourceBody(res, expectJson(res, what), what);
}

export function deleteSourceRaw(ctx: CheckContext, id: string): Promise<HttpResponse> {
  return ctx.http.request({ method: 'DELETE', path: `${INTEGRATIONS}/sources/${encodeURIComponent(id)}` });
}

// ------------------------------------------------------------------ runs

export function startSyncRaw(ctx: CheckContext, sourceId: string, wait: boolean, timeoutMs = RUN_WAIT_MS): Promise<HttpResponse> {
  return ctx.http.request({
    method: 'POST',
    path: `${INTEGRATIONS}/sources/${encodeURIComponent(sourceId)}/syncs${wait ? '?wait=true' : ''}`,
    ...(wait ? { timeoutMs } : {}),
  });
}

export async function getRun(ctx: CheckContext, runId: number): Promise<{ run: SyncRun; res: HttpResponse }> {
  const res = await ctx.http.get(`${INTEGRATIONS}/syncs/${runId}`);
  const what = `reading sync run ${runId}`;
  expectStatus(res, 200, what);
  return { run: expectRun(res, expectJson(res, what), what), res };
}

export async function listRuns(ctx: CheckContext, sourceId: string): Promise<{ runs: SyncRun[]; res: HttpResponse }> {
  const res = await ctx.http.get(`${INTEGRATIONS}/sources/${encodeURIComponent(sourceId)}/syncs`);
  const what = `reading the sync history of source ${sourceId}`;
  expectStatus(res, 200, what);
  const body = expectJson(res, what);
  if (!Array.isArray(body)) fail(`${what}: answered ${kindOf(body)}, not an array of runs`, res);
  return { runs: body.map((run) => expectRun(res, run, what)), res };
}

export function ended(run: SyncRun): boolean {
  return run.status === 'succeeded' || run.status === 'failed';
}

/** A run as a failure message shows it: id, status, attempts, next attempt, counts. */
export function describeRun(run: SyncRun): string {
  const next = run.nextAttemptAt ? `, next attempt at ${run.nextAttemptAt}` : '';
  return `run ${run.id} (${run.trigger}) status "${run.status}", attempts ${run.attempts}${next}, stats ${JSON.stringify(run.stats)}`;
}

/** The newest runs of a source as a failure message shows them (never throws: it explains another failure). */
async function latestRuns(ctx: CheckContext, sourceId: string): Promise<string> {
  try {
    const { runs } = await listRuns(ctx, sourceId);
    return runs.length === 0 ? 'the source has no run in its history' : `the source's newest run: ${describeRun(runs[0] as SyncRun)}`;
  } catch (error) {
    return `its history could not be read (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`;
  }
}

/**
 * Runs a sync with `wait=true` and answers the ended run (polling a little longer if the wait
 * answered early). Bounded: at most RUN_WAIT_MS and never past the check's deadline; a run that
 * does not end fails the check naming the source, the run and the last state seen.
 */
export async function runSync(ctx: CheckContext, sourceId: string): Promise<{ run: SyncRun; res: HttpResponse }> {
  const what = `running a sync of source ${sourceId} (POST .../syncs?wait=true)`;
  const budget = waitBudget(ctx, RUN_WAIT_MS);
  const started = Date.now();
  let res: HttpResponse;
  try {
    res = await startSyncRaw(ctx, sourceId, true, Math.max(1, budget.ms));
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    fail(`${what}: no answer within ${seconds(Date.now() - started)} (${budget.why}; ${error.message.split('\n')[0]}); ${await latestRuns(ctx, sourceId)}`, undefined, error.details);
  }
  expectStatus(res, [200, 202], what);
  const first = expectRun(res, expectJson(res, what), what);
  if (ended(first)) return { run: first, res };
  const run = await waitFor(
    ctx,
    `${what}: the end of run ${first.id}`,
    async () => {
      const read = await getRun(ctx, first.id);
      return { value: ended(read.run) ? read.run : undefined, seen: describeRun(read.run), res: read.res };
    },
    { boundMs: Math.max(0, budget.ms - (Date.now() - started)), stepMs: 200 },
  );
  return { run, res };
}

/** Runs a sync and fails the check unless it succeeded. */
export async function syncOk(ctx: CheckContext, sourceId: string, what: string): Promise<SyncRun> {
  const { run, res } = await runSync(ctx, sourceId);
  if (run.status !== 'succeeded') {
    fail(`${what}: the sync run ${run.id} ended "${run.status}"${run.error ? ` with ${run.error.name}: ${run.error.message}` : ''}, expected "succeeded"`, res);
  }
  return run;
}

/** Runs a sync and fails the check unless it failed; answers the run (with its error). */
export async function syncFails(ctx: CheckContext, sourceId: string, what: string): Promise<{ run: SyncRun & { error: ErrorBody }; res: HttpResponse }> {
  const { run, res } = await runSync(ctx, sourceId);
  if (run.status !== 'failed') fail(`${what}: the sync run ${run.id} ended "${run.status}", expected "failed"`, res);
  if (!isRecord(run.error) || typeof run.error.message !== 'string' || run.error.message === '') {
    fail(`${what}: the failed run ${run.id} has no "error" with a message: ${JSON.stringify(run.error)}`, res);
  }
  return { run: run as SyncRun & { error: ErrorBody }, res };
}
