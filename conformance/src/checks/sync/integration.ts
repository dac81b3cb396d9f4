/**
 * One integration set up for a check: the mock app started with a scenario, its account added to
 * the server under test, a source of its types into a Space unique to the run, optionally users to
 * match people fields against, and the first sync run. Everything is removed afterwards whatever
 * happens (sources, account, the Space's Databases and enum types, the users, the app).
 */
import { randomBytes } from 'node:crypto';
import { describeRequest, fail } from '../../assert.js';
import type { CheckContext } from '../../check.js';
import type { HttpResponse } from '../../http.js';
import { isRecord, type JsonRecord } from '../../shapes.js';
import { run, schemaBatch, uniqueSpaceName } from '../../workspace.js';
import {
  addAccount,
  addSource,
  deleteAccountRaw,
  deleteSourceRaw,
  syncOk,
  type IntegrationAccount,
  type IntegrationSource,
  type IntegrationSourceInput,
  type SyncRun,
} from './admin.js';
import { startApp, type MockApp, type Scenario } from './mock.js';
import { readSchema, type SchemaView } from '../../schema-view.js';
import { readEntities } from './read.js';
import { ACCOUNT_TYPE, GOOD_TOKEN } from './scenarios.js';
import { typeDelete } from '../../model/schema.js';

export interface TestUser {
  email: string;
  name: string;
}

export interface IntegrationOptions {
  /** Types of the source (default: every type of the scenario, in its order). */
  types?: string[];
  /** Account type and field values (default: the scenarios' token account). */
  accountType?: string;
  fields?: Record<string, unknown>;
  filter?: Record<string, unknown>;
  keepUnsynced?: boolean;
  /** Run the first sync and require it to succeed (default true). */
  sync?: boolean;
  /** Puts a server in front of the app (the account gets its address); closed afterwards. */
  front?: (appUrl: string) => Promise<Front>;
}

/** A server standing between the service and the app (e.g. one that breaks answers). */
export interface Front {
  url: string;
  close(): Promise<void>;
}

export interface Integration {
  app: MockApp;
  account: IntegrationAccount;
  source: IntegrationSource;
  space: string;
  /** The first run (when `sync` was not false). */
  firstRun: SyncRun | undefined;
  /** The Database of an app type (from the source's `databases`). */
  database(type: string): string;
  /** A workspace field name of this Space: `<Space>/<name>`. */
  field(name: string): string;
  schema(): Promise<SchemaView>;
  /** Every Entity of the Database of an app type, every field selected (read.ts); `view`: the schema when read already. */
  entities(type: string, view?: SchemaView): Promise<JsonRecord[]>;
  /** The Entities of an app type by their key (the `<Space>/Id` field, or `keyFieldName`); `view`: the schema when read already. */
  byKey(type: string, keyFieldName?: string, view?: SchemaView): Promise<Map<string, JsonRecord>>;
  /** Runs a sync of the source and requires it to succeed. */
  sync(what: string): Promise<SyncRun>;
  /** Adds another source of the same account into another Space (removed afterwards). */
  addSource(input?: Partial<IntegrationSourceInput>): Promise<IntegrationSource>;
}

/** The response of the check's latest exchange (the read that showed a fault), for the curl line of a failure. */
export function lastResponse(ctx: CheckContext): HttpResponse | undefined {
  return ctx.http.lastExchange?.response;
}

/** A random suffix for names the check creates (users, Spaces). */
export function nonce(): string {
  return randomBytes(4).toString('hex');
}

/** Test users with unique e-mails and names (created by `withUsers`). */
export function testUsers(count: number): TestUser[] {
  const tag = nonce();
  return Array.from({ length: count }, (_, i) => ({ email: `sync-user${i}-${tag}@example.org`, name: `Sync User ${i} ${tag}` }));
}

/** Creates `svc/user` Entities for the users (user/email, user/name); answers their ids. */
export async function createUsers(ctx: CheckContext, users: readonly TestUser[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const user of users) {
    const created = await run(ctx, { command: 'svc.entity/create', args: { type: 'svc/user', entity: { 'user/email': user.email, 'user/name': user.name } } }, `creating the user ${user.email}`);
    if (!isRecord(created) || typeof created['svc/id'] !== 'string') fail(`creating the user ${user.email} answered no svc/id: ${JSON.stringify(created)?.slice(0, 200)}`, lastResponse(ctx));
    ids.set(user.email, created['svc/id']);
  }
  return ids;
}

async function quietly(ctx: CheckContext, what: string, fn: () => Promise<unknown>): Promise<void> {
  try {
    await fn();
  } catch (error) {
    ctx.log(`tear-down: ${what} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Deletes every type of a Space (Databases and their enum types); never throws. */
export async function removeSpace(ctx: CheckContext, space: string): Promise<void> {
  await quietly(ctx, `removing the Databases of Space ${space}`, async () => {
    const schema = await readSchema(ctx);
    const names = [...schema.byName.keys()].filter((n) => n.startsWith(`${space}/`) || n.includes(`_${space}/`));
    if (names.length === 0) return;
    const res = await schemaBatch(ctx, names.map((name) => (typeDelete(name))));
    if (res.status === 200 && isRecord(res.json) && res.json['success'] === true) return;
    // One at a time: a type already removed with another (an enum of a deleted Database) is no reason to keep the rest.
    for (const name of names) await schemaBatch(ctx, [typeDelete(name)]);
  });
}

/** Deletes the users; never throws. */
export async function removeUsers(ctx: CheckContext, ids: Iterable<string>): Promise<void> {
  for (const id of ids) {
    await quietly(ctx, `deleting user ${id}`, () => ctx.http.command({ command: 'svc.entity/delete', args: { type: 'svc/user', entity: { 'svc/id': id } } }));
  }
}

/** What a check created on the server, removed at its end whatever happens. */
export class Leftovers {
  readonly accounts: string[] = [];
  readonly sources: string[] = [];
  readonly spaces: string[] = [];
  /** Run last (e.g. stopping a front of the app that the account deletion still goes through). */
  readonly last: Array<() => Promise<void>> = [];

  /** Deletes the sources, the accounts (with the app's failures cleared) and the Spaces' types, then runs `last`; never throws. */
  async clean(ctx: CheckContext, app: MockApp): Promise<void> {
    for (const id of this.sources) {
      await quietly(ctx, `deleting source ${id}`, async () => {
        const res = await deleteSourceRaw(ctx, id);
        if (res.status !== 200 && res.status !== 404) ctx.log(`tear-down: ${describeRequest(res)} answered ${res.status}`);
      });
    }
    app.clearFailures();
    for (const id of this.accounts) {
      await quietly(ctx, `deleting account ${id}`, async () => {
        const res = await deleteAccountRaw(ctx, id);
        if (res.status !== 200 && res.status !== 404) ctx.log(`tear-down: ${describeRequest(res)} answered ${res.status}`);
      });
    }
    for (const space of this.spaces) await removeSpace(ctx, space);
    for (const step of this.last) await quietly(ctx, 'a last tear-down step', step);
  }
}

/** Starts the mock app with `scenario`, runs `body`, removes what it left and stops the app. */
export async function withMockApp<T>(ctx: CheckContext, scenario: Scenario, body: (app: MockApp, leftovers: Leftovers) => Promise<T>): Promise<T> {
  const app = await startApp(scenario);
  const leftovers = new Leftovers();
  try {
    return await body(app, leftovers);
  } finally {
    await leftovers.clean(ctx, app);
    await quietly(ctx, 'stopping the mock app', () => app.close());
  }
}

/** Adds a source into a fresh Space (or `input.space`), registered for removal. */
export async function addTestSource(ctx: CheckContext, leftovers: Leftovers, input: Omit<IntegrationSourceInput, 'space'> & { space?: string }): Promise<IntegrationSource> {
  const space = input.space ?? uniqueSpaceName(ctx);
  leftovers.spaces.push(space);
  // Without keepUnsynced the server's default (off) applies.
  const { keepUnsynced, ...rest } = input;
  const source = await addSource(ctx, { ...rest, space, ...(keepUnsynced === undefined ? {} : { keepUnsynced }) });
  leftovers.sources.push(source.id);
  return source;
}

/** The Integration handle of an account and one of its sources. */
export function integrationOf(ctx: CheckContext, app: MockApp, account: IntegrationAccount, source: IntegrationSource, newSource: Integration['addSource']): Integration {
  const space = source.space;
  const database = (type: string): string => {
    const name = source.databases[type];
    if (typeof name !== 'string') fail(`the source's "databases" names no Database for type "${type}": ${JSON.stringify(source.databases)}`);
    return name;
  };
  const integration: Integration = {
    app,
    account,
    source,
    space,
    firstRun: undefined,
    database,
    field: (name) => `${space}/${name}`,
    schema: () => readSchema(ctx),
    entities: async (type, view) => readEntities(ctx, view ?? (await readSchema(ctx)), database(type), `reading the synchronized Entities of type "${type}"`),
    byKey: async (type, keyFieldName = 'Id', view) => {
      const key = `${space}/${keyFieldName}`;
      const rows = await integration.entities(type, view);
      const out = new Map<string, JsonRecord>();
      for (const row of rows) {
        const value = row[key];
        if (typeof value !== 'string' && typeof value !== 'number') fail(`an Entity of ${database(type)} has no key in ${key}: ${JSON.stringify(row).slice(0, 300)}`, lastResponse(ctx));
        if (out.has(String(value))) fail(`two Entities of ${database(type)} have the key ${JSON.stringify(value)} in ${key}: a row must become one Entity`, lastResponse(ctx));
        out.set(String(value), row);
      }
      return out;
    },
    sync: (what) => syncOk(ctx, source.id, what),
    addSource: newSource,
  };
  return integration;
}

/**
 * Starts the mock app with `scenario`, adds the account and a source of its types into a fresh
 * Space, runs the first sync (unless `sync: false`), runs `body`, and removes everything.
 */
export async function withIntegration<T>(ctx: CheckContext, scenario: Scenario, options: IntegrationOptions, body: (it: Integration) => Promise<T>): Promise<T> {
  return withMockApp(ctx, scenario, async (app, leftovers) => {
    const front = options.front ? await options.front(app.url) : undefined;
    if (front) leftovers.last.push(() => front.close());
    const accountType = options.accountType ?? ACCOUNT_TYPE;
    const fields = options.fields ?? (accountType === ACCOUNT_TYPE ? { token: GOOD_TOKEN } : undefined);
    const account = await addAccount(ctx, { appUrl: front?.url ?? app.url, accountType, ...(fields === undefined ? {} : { fields }) });
    leftovers.accounts.push(account.id);
    const types = options.types ?? scenario.types.map((t) => t.id);
    const newSource = (input: Partial<IntegrationSourceInput> = {}): Promise<IntegrationSource> => {
      const filter = input.filter ?? options.filter;
      return addTestSource(ctx, leftovers, {
        accountId: account.id,
        types: input.types ?? types,
        ...(filter ? { filter } : {}),
        ...(input.keepUnsynced === undefined && options.keepUnsynced === undefined ? {} : { keepUnsynced: input.keepUnsynced ?? options.keepUnsynced }),
        ...(input.space ? { space: input.space } : {}),
      });
    };
    const integration = integrationOf(ctx, app, account, await newSource(), newSource);
    if (options.sync !== false) integration.firstRun = await integration.sync('the first sync of the source');
    return await body(integration);
  });
}

/** Creates users, runs `body`, deletes them. */
export async function withUsers<T>(ctx: CheckContext, users: readonly TestUser[], body: (ids: Map<string, string>) => Promise<T>): Promise<T> {
  let ids = new Map<string, string>();
  try {
    ids = await createUsers(ctx, users);
    return await body(ids);
  } finally {
    await removeUsers(ctx, ids.values());
  }
}
