/**
 * The steps most app checks start with, as the service takes them: read the app information,
 * pick the account (account.ts), read the config and the schema. Each step fails the check with
 * a message saying it was a prerequisite, so that the check of that step is the one to look at.
 */
import { describeRequest, expectJson, expectStatus, fail } from '../../assert.js';
import { CheckSkipped, type CheckContext } from '../../check.js';
import type { HttpResponse } from '../../http.js';
import { isRecord, kindOf } from '../../shapes.js';
import { chooseAccount, type Account, type AuthenticationEntry } from './account.js';
import { appGet, appPost } from './client.js';
import type { AppSchemas } from './contract.js';

export type AppInformation = AppSchemas['AppInformation'];
export type AppType = AppSchemas['Type'];
export type AppFilter = AppSchemas['Filter'];
export type AppConfig = AppSchemas['ConfigResponse'];
export type AppSchema = AppSchemas['SchemaResponse'];
export type TypeSchema = AppSchemas['TypeSchema'];
export type SchemaField = AppSchemas['SchemaField'];

export const PATHS = {
  info: '/',
  logo: '/logo',
  validate: '/validate',
  config: '/api/v1/synchronizer/config',
  schema: '/api/v1/synchronizer/schema',
  data: '/api/v1/synchronizer/data',
  datalist: '/api/v1/synchronizer/datalist',
  resource: '/api/v1/synchronizer/resource',
  preProcess: '/api/v1/synchronizer/webhooks/pre-process',
  transform: '/api/v1/synchronizer/webhooks/transform',
  filterValidate: '/api/v1/synchronizer/filter/validate',
  webhooks: '/api/v1/synchronizer/webhooks',
  account: '/api/v1/account',
  /** The plural form of the account clean-up path, which the service does not call (APP-073). */
  accounts: '/api/v1/accounts',
  oauth1Authorize: '/oauth1/v1/authorize',
  oauth1AccessToken: '/oauth1/v1/access_token',
  oauth2Authorize: '/oauth2/v1/authorize',
  oauth2AccessToken: '/oauth2/v1/access_token',
  /** Custom actions (the public API's External actions API). */
  actionExecute: '/api/v1/automations/action/execute',
} as const;

export interface Session {
  info: AppInformation;
  /** The account type used. */
  entry: AuthenticationEntry;
  account: Account;
}

/** 404 and 405 mean an optional endpoint is not implemented (spec/integrations.md, as for account clean-up). */
export function isNotImplemented(res: HttpResponse): boolean {
  return res.status === 404 || res.status === 405;
}

/** Skips the check when `res` says the optional endpoint is not implemented. */
export function skipIfNotImplemented(res: HttpResponse, endpoint: string): void {
  if (isNotImplemented(res)) throw new CheckSkipped(`not implemented: ${describeRequest(res)} answered ${res.status} (${endpoint} is optional)`);
}

/** GET / as far as the other checks need it: a JSON object with an `authentication` array of entries with an `id`. */
export async function readInformation(ctx: CheckContext): Promise<{ info: AppInformation; res: HttpResponse }> {
  const what = 'prerequisite: reading the app information (see app.information)';
  const res = await appGet(ctx, PATHS.info);
  expectStatus(res, 200, what);
  const body = expectJson(res, what);
  if (!isRecord(body) || !Array.isArray(body['authentication'])) fail(`${what}: the body has no "authentication" array`, res);
  const entries = body['authentication'] as unknown[];
  if (!entries.every((e) => isRecord(e) && typeof e['id'] === 'string')) fail(`${what}: an "authentication" entry has no string "id"`, res);
  return { info: body as unknown as AppInformation, res };
}

/** Reads GET / and picks the account; skips the check when the app needs an account and none was given. */
export async function startSession(ctx: CheckContext): Promise<Session> {
  const { info, res } = await readInformation(ctx);
  const choice = chooseAccount(info.authentication, ctx.app?.account, ctx.app?.accountType);
  if (!choice.ok) {
    if (choice.missing) throw new CheckSkipped(`needs an account: ${choice.reason}`);
    fail(`choosing the account type: ${choice.reason}`, res);
  }
  return { info, entry: choice.entry, account: choice.account };
}

/** POST config with the account: a JSON object whose `types` are objects with a string `id`. */
export async function readConfig(ctx: CheckContext, session: Session): Promise<{ config: AppConfig; res: HttpResponse }> {
  const what = 'prerequisite: reading the config (see app.config)';
  const res = await appPost(ctx, PATHS.config, { account: session.account });
  expectStatus(res, 200, what);
  const body = expectJson(res, what);
  if (!isRecord(body) || !Array.isArray(body['types'])) fail(`${what}: the body has no "types" array`, res);
  if (!(body['types'] as unknown[]).every((t) => isRecord(t) && typeof t['id'] === 'string')) fail(`${what}: a type has no string "id"`, res);
  if (body['filters'] !== undefined && !Array.isArray(body['filters'])) fail(`${what}: "filters" is ${kindOf(body['filters'])}, not an array`, res);
  const filters: unknown[] = Array.isArray(body['filters']) ? body['filters'] : [];
  if (!filters.every((f) => isRecord(f) && typeof f['id'] === 'string')) fail(`${what}: a filter has no string "id"`, res);
  return { config: { ...(body as unknown as AppConfig), filters: filters as AppFilter[] }, res };
}

/** The filter values the run sends with schema, data and webhook requests (`--filter`; none by default). */
export function filterOf(ctx: CheckContext): Record<string, unknown> {
  return ctx.app?.filter ?? {};
}

/** The schema request of the service: `{types, filter, account}`. */
export function schemaRequest(ctx: CheckContext, session: Session, types: readonly string[]): AppSchemas['SchemaRequest'] {
  return { types: [...types], filter: filterOf(ctx), account: session.account };
}

/** POST schema for `types`: a JSON object with an object of fields for each requested type. */
export async function readSchema(ctx: CheckContext, session: Session, types: readonly string[]): Promise<{ schema: AppSchema; res: HttpResponse }> {
  const what = 'prerequisite: reading the schema (see app.schema)';
  const res = await appPost(ctx, PATHS.schema, schemaRequest(ctx, session, types));
  expectStatus(res, 200, what);
  const body = expectJson(res, what);
  if (!isRecord(body)) fail(`${what}: the body is ${kindOf(body)}, not an object`, res);
  for (const type of types) {
    if (!isRecord(body[type])) fail(`${what}: the schema has no object of fields for the type ${JSON.stringify(type)}`, res);
    for (const [id, field] of Object.entries(body[type] as Record<string, unknown>)) {
      if (!isRecord(field)) fail(`${what}: field ${JSON.stringify(id)} of type ${JSON.stringify(type)} is ${kindOf(field)}, not an object`, res);
    }
  }
  return { schema: body as unknown as AppSchema, res };
}

/**
 * The types a run synchronizes: those `--types` names, in its order, else every type of the
 * config. A name the config does not list fails, listing the config's types.
 */
function selectedTypes(ctx: CheckContext, listed: readonly string[], res: HttpResponse): string[] {
  const wanted = ctx.app?.types;
  if (wanted === undefined) return [...listed];
  const unknown = wanted.filter((id) => !listed.includes(id));
  if (unknown.length > 0) fail(`--types names ${unknown.map((id) => JSON.stringify(id)).join(', ')}, which the config does not list; its types are ${listed.map((id) => JSON.stringify(id)).join(', ') || 'none'}`, res);
  return [...wanted];
}

/** Session, config and schema of the selected types (every type by default): where the data checks start. */
export async function startSync(
  ctx: CheckContext,
): Promise<{ session: Session; config: AppConfig; types: string[]; schema: AppSchema; schemaRes: HttpResponse; filter: Record<string, unknown> }> {
  const session = await startSession(ctx);
  const { config, res: configRes } = await readConfig(ctx, session);
  const types = selectedTypes(ctx, config.types.map((t) => t.id), configRes);
  if (types.length === 0) throw new CheckSkipped('the config lists no types: there is no data to read');
  const { schema, res } = await readSchema(ctx, session, types);
  return { session, config, types, schema, schemaRes: res, filter: filterOf(ctx) };
}
