// One run of a source (spec/integrations.md, "Runs"): validate the account, read the schema and
// create new fields, then ask `data` type by type and page by page, each page applied in its own
// transaction; after a type's last page a full run removes what it did not deliver; at the end
// the links of integration relations are set. An event run applies the `data` of `transform` by
// the delta rules. Any failure ends the run with what was applied before the failed page.
import { Failure } from '../../api/failure.js';
import type { Queryable } from '../../db/database.js';
import { loadCatalog } from '../../model/catalog.js';
import type { ServerContext } from '../../server-context.js';
import { ChangeLog } from '../../webhooks/effects.js';
import { writeOutbox } from '../../webhooks/outbox.js';
import { accountClient, loadAccount, refreshAccount } from '../accounts/index.js';
import type { AppClient } from '../app/index.js';
import { prepareFiles, saveFiles } from '../files/index.js';
import { checkAppSchema, convertRow, materializeMapping } from '../mapping/index.js';
import type { AccountRecord, AppDataRow, AppSchema, ConvertedRow, FileReference, SourceRecord, TypeMapping } from '../types.js';
import { applyPage, type FileValue } from './apply-page.js';
import { undeliveredKeys, deleteKeys } from './key-store.js';
import { linkRelations } from './link-pass.js';
import { removeOrMark } from './protection.js';
import { withTryLater } from './retry.js';
import { updateRun, type SyncStats } from './run-store.js';
import { saveSource } from './source-store.js';

export interface RunEnv {
  context: ServerContext;
  runId: number;
  signal: AbortSignal;
  stats: SyncStats;
  /** Deviations from the app contract the run tolerated (app/deviations.ts), one sentence each. */
  warnings: string[];
  /** tryLater answers so far. */
  retry: { attempts: number };
  /** Called after a transaction wrote webhook deliveries. */
  onDeliveries: () => void;
}

/** The correlation id of the webhook deliveries a run causes. */
export function runCorrelationId(runId: number): string {
  return `svc-sync/${runId}`;
}

function rowInvalid(message: string, data: Record<string, unknown>): Failure {
  return new Failure('integration.error/row-invalid', message, data, 422);
}

function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
}

async function transaction<T>(env: RunEnv, fn: (tx: Queryable, changes: ChangeLog) => Promise<T>, authorId: string): Promise<T> {
  let deliveries = 0;
  const result = await env.context.db.transaction(async (tx) => {
    const changes = new ChangeLog();
    const value = await fn(tx, changes);
    deliveries = await writeOutbox(tx, changes, { authorId, correlationId: runCorrelationId(env.runId) });
    return value;
  });
  if (deliveries > 0) env.onDeliveries();
  return result;
}

/** Converts, downloads the files of, and applies one page of rows of a type. */
async function applyRows(env: RunEnv, source: SourceRecord, account: AccountRecord, mapping: TypeMapping, items: readonly AppDataRow[]): Promise<boolean> {
  const rows: ConvertedRow[] = items.map((item, index) => {
    // Stryker disable all: out of reach: the app client refuses a data or transform answer whose rows are not objects (DataRow, app contract) before any row is applied; kept against a caller that skips it
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      throw rowInvalid(`Row ${index} of type "${mapping.appType}" is not an object.`, { type: mapping.appType, index });
    }
    // Stryker restore all
    return convertRow(mapping, item);
  });
  const refs: FileReference[] = rows.flatMap((r) => r.files.flatMap((f) => f.files));
  const prepared = refs.length > 0 ? await prepareFiles(env.context, { source, account, refs }) : [];
  let created = false;
  await transaction(
    env,
    async (tx, changes) => {
      const saved = prepared.length > 0 ? await saveFiles(tx, source.id, prepared) : [];
      const files = new Map<string, FileValue>();
      saved.forEach((value, i) => {
        const ref = prepared[i];
        if (ref) files.set(ref.key, value);
      });
      const before = env.stats.created;
      await applyPage(tx, await loadCatalog(tx), { sourceId: source.id, mapping, runId: env.runId, authorId: source.createdBy, rows, files }, changes, env.stats);
      created = env.stats.created > before;
      env.stats.files += prepared.filter((p) => p.downloaded).length;
    },
    source.createdBy,
  );
  await updateRun(env.context.db, env.runId, { stats: env.stats });
  return created;
}

/** Asks every page of one type and applies it; answers whether every page said `full`. */
async function syncType(env: RunEnv, source: SourceRecord, account: AccountRecord, client: AppClient, schema: AppSchema, mapping: TypeMapping, createdTypes: Set<string>): Promise<boolean> {
  const settings = env.context.integrationSettings;
  let pagination: Record<string, unknown> | undefined;
  let allFull = true;
  for (let page = 0; ; page += 1) {
    if (page >= settings.maxPages) {
      throw new Failure('integration.error/app-failed', `The app kept answering hasNext for type "${mapping.appType}" past ${settings.maxPages} pages; the run stops there.`, { operation: 'data', type: mapping.appType }, 422);
    }
    const answer = await withTryLater(
      () =>
        client.data({
          requestedType: mapping.appType,
          types: source.types,
          account: account.fields,
          filter: source.filter,
          schema,
          ...(source.lastSynchronizedAt ? { lastSynchronizedAt: source.lastSynchronizedAt } : {}),
          ...(pagination ? { pagination } : {}),
          operationId: String(env.runId),
        }),
      settings.retry,
      env.signal,
      env.retry,
      {
        onRetry: (attempts, nextAttemptAt) => updateRun(env.context.db, env.runId, { status: 'retrying', attempts, nextAttemptAt }),
        onResumed: () => updateRun(env.context.db, env.runId, { status: 'running', nextAttemptAt: null }),
      },
    );
    if (answer.items.length > settings.maxRowsPerPage) {
      throw new Failure('integration.error/app-failed', `The app answered ${answer.items.length} rows in one page of type "${mapping.appType}"; at most ${settings.maxRowsPerPage} are accepted.`, { operation: 'data', type: mapping.appType }, 422);
    }
    if (answer.synchronizationType === 'delta') allFull = false;
    if (await applyRows(env, source, account, mapping, answer.items)) createdTypes.add(mapping.appType);
    if (!answer.pagination?.hasNext) return allFull;
    const next = answer.pagination.nextPageConfig ?? {};
    if (pagination !== undefined && stableJson(next) === stableJson(pagination)) {
      throw new Failure('integration.error/app-failed', `The app answered the same nextPageConfig twice for type "${mapping.appType}" (page ${page + 1}); it does not move on.`, { operation: 'data', type: mapping.appType }, 422);
    }
    pagination = next;
  }
}

/** Removes (or marks) the Entities of a type that a full run did not deliver (SYNC-008). */
async function removeUndelivered(env: RunEnv, source: SourceRecord, mapping: TypeMapping): Promise<void> {
  await transaction(
    env,
    async (tx, changes) => {
      const gone = await undeliveredKeys(tx, source.id, mapping.appType, env.runId);
      if (gone.length === 0) return;
      const { removed, marked } = await removeOrMark(tx, await loadCatalog(tx), mapping, gone.map((g) => g.entityId), changes);
      // Keys of removed Entities, and of Entities that were gone already, leave the index; marked ones stay.
      const kept = new Set(marked);
      await deleteKeys(tx, source.id, mapping.appType, gone.filter((g) => !kept.has(g.entityId)).map((g) => g.key));
      env.stats.removed += removed.length;
      env.stats.markedDeleted += marked.length;
    },
    source.createdBy,
  );
}

async function linkPass(env: RunEnv, source: SourceRecord, createdTypes: Set<string>): Promise<void> {
  await transaction(env, async (tx, changes) => linkRelations(tx, await loadCatalog(tx), source.id, source.mapping, env.runId, createdTypes, changes), source.createdBy);
}

/** Validates the account (storing refreshed tokens) and answers it with its client. */
async function prepare(env: RunEnv, source: SourceRecord): Promise<{ account: AccountRecord; client: AppClient }> {
  const account = await refreshAccount(env.context, await loadAccount(env.context.db, source.accountId));
  return { account, client: accountClient(env.context, account) };
}

/** A run started through the API: every type, every page. */
export async function runSync(env: RunEnv, source: SourceRecord, startedAt: Date): Promise<void> {
  const { account, client } = await prepare(env, source);
  const { schema, warnings } = await client.schemaWithWarnings({ types: source.types, filter: source.filter, account: account.fields });
  env.warnings.push(...warnings);
  checkAppSchema(schema, source.types);
  source.mapping = await env.context.db.transaction(async (tx) => {
    const mapping = await materializeMapping(tx, {
      space: source.space,
      types: source.types.map((id) => ({ id, name: source.mapping.types[id]?.database.slice(source.space.length + 1) ?? id })),
      schema,
      previous: source.mapping,
      authorId: source.createdBy,
    });
    await saveSource(tx, { ...source, mapping });
    return mapping;
  });
  const createdTypes = new Set<string>();
  for (const appType of source.types) {
    const mapping = source.mapping.types[appType];
    if (!mapping) continue;
    const full = await syncType(env, source, account, client, schema, mapping, createdTypes);
    if (full && !source.keepUnsynced) await removeUndelivered(env, source, mapping);
  }
  await linkPass(env, source, createdTypes);
  source.lastSynchronizedAt = startedAt.toISOString();
  await saveSource(env.context.db, source);
}

/** An inbound event: `transform`, then its `data` applied by the delta rules (EVT-004). */
export async function runEvent(env: RunEnv, source: SourceRecord, event: { headers: Record<string, string>; payload: unknown }): Promise<void> {
  const { account, client } = await prepare(env, source);
  const answer = await client.transform({ params: event.headers, payload: event.payload, types: source.types, filter: source.filter, account: account.fields });
  const data = (answer.data ?? {}) as Record<string, unknown>;
  const createdTypes = new Set<string>();
  for (const appType of source.types) {
    const mapping = source.mapping.types[appType];
    const rows = data[appType];
    if (!mapping || rows === undefined) continue;
    // Stryker disable next-line all: out of reach: the app client refuses a transform answer whose data.<type> is not an array of rows (TransformResponse, app contract) first
    if (!Array.isArray(rows)) throw rowInvalid(`The app's transform answered data.${appType} that is not an array of rows.`, { type: appType, field: `data.${appType}` });
    if (rows.length > env.context.integrationSettings.maxRowsPerPage) {
      throw new Failure('integration.error/app-failed', `The app's transform answered ${rows.length} rows for "${appType}"; at most ${env.context.integrationSettings.maxRowsPerPage} are accepted.`, { operation: 'transform', type: appType }, 422);
    }
    if (await applyRows(env, source, account, mapping, rows as AppDataRow[])) createdTypes.add(appType);
  }
  await linkPass(env, source, createdTypes);
}
