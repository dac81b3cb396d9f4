// One run of a source (spec/integrations.md, "Runs"): validate the account, read the schema and
// create new fields, then ask `data` type by type and page by page, each page applied in its own
// transaction; after a type's last page a full run removes what it did not deliver; at the end
// the links of integration relations are set. An event run applies the `data` of `transform` by
// the delta rules. Any failure ends the run with what was applied before the failed page. Each
// step's transaction also records the run's checkpoint (where it goes on), under the process's
// lease of the source (engine.ts): a run whose process stopped goes on from its last committed
// page in another process or after a restart, never applying a committed page twice.
import { Failure } from '../../api/failure.js';
import type { Queryable } from '../../db/database.js';
import { loadCatalog } from '../../model/catalog.js';
import type { ServerContext } from '../../server-context.js';
import { ChangeLog } from '../../webhooks/effects.js';
import { writeOutbox } from '../../webhooks/outbox.js';
import { accountClient, loadAccount, refreshAccount } from '../accounts/index.js';
import type { AppClient } from '../app/index.js';
import { fileValues, prepareFiles } from '../files/index.js';
import { checkAppSchema, convertRow, materializeMapping } from '../mapping/index.js';
import type { AccountRecord, AppDataRow, AppSchema, ConvertedRow, FileReference, SourceRecord, TypeMapping } from '../types.js';
import { applyPage, type FileValue } from './apply-page.js';
import { undeliveredKeys, deleteKeys } from './key-store.js';
import { linkRelations } from './link-pass.js';
import { removeOrMark } from './protection.js';
import { withTryLater } from './retry.js';
import { updateRun, type RunCheckpoint, type StoredEvent, type SyncStats } from './run-store.js';
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
  /**
   * Records the checkpoint (with the counts) in the transaction of the step it follows; throws
   * (rolling the step back) when this process no longer holds the source's lease.
   */
  progress: (tx: Queryable, checkpoint: RunCheckpoint) => Promise<void>;
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

/** One step of a run in one transaction, with its webhook deliveries and the checkpoint after it; the counts are restored when it rolls back. */
async function transaction<T>(env: RunEnv, fn: (tx: Queryable, changes: ChangeLog) => Promise<T>, authorId: string, checkpoint: (value: T) => RunCheckpoint): Promise<T> {
  // Stopping (or the source taken over): no step begins; the run goes on from its checkpoint elsewhere.
  if (env.signal.aborted) throw new Failure('integration.error/app-failed', 'The run was stopped in this process; it goes on from its last committed page.', {}, 422);
  let deliveries = 0;
  const stats = { ...env.stats };
  const result = await env.context.db
    .transaction(async (tx) => {
      const changes = new ChangeLog();
      const value = await fn(tx, changes);
      deliveries = await writeOutbox(tx, changes, { authorId, correlationId: runCorrelationId(env.runId) });
      await env.progress(tx, checkpoint(value));
      return value;
    })
    .catch((error: unknown) => {
      Object.assign(env.stats, stats);
      throw error;
    });
  if (deliveries > 0) env.onDeliveries();
  return result;
}

/** A checkpoint with `createdTypes` plus `appType` when `created`. */
function withCreated(at: Omit<RunCheckpoint, 'createdTypes'>, createdTypes: ReadonlySet<string>, appType: string, created: boolean): RunCheckpoint {
  return { ...at, createdTypes: [...new Set([...createdTypes, ...(created ? [appType] : [])])] };
}

/** Converts, downloads the files of, and applies one page of rows of a type. */
async function applyRows(
  env: RunEnv,
  source: SourceRecord,
  account: AccountRecord,
  mapping: TypeMapping,
  items: readonly AppDataRow[],
  checkpoint: (created: boolean) => RunCheckpoint,
): Promise<boolean> {
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
      const saved = fileValues(prepared);
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
    () => checkpoint(created),
  );
  return created;
}

/**
 * Asks every page of one type and applies it, from page 0 or from where `from` (the run's
 * checkpoint in this type) says; answers whether every page said `full`.
 */
async function syncType(
  env: RunEnv,
  source: SourceRecord,
  account: AccountRecord,
  client: AppClient,
  schema: AppSchema,
  at: { type: number; mapping: TypeMapping; from?: RunCheckpoint },
  createdTypes: Set<string>,
): Promise<boolean> {
  const { mapping } = at;
  const settings = env.context.integrationSettings;
  let pagination: Record<string, unknown> | undefined = at.from?.pagination;
  let allFull = at.from?.allFull ?? true;
  for (let page = at.from?.page ?? 0; ; page += 1) {
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
    const hasNext = Boolean(answer.pagination?.hasNext);
    const next = answer.pagination?.nextPageConfig ?? {};
    // Where the run goes on once this page is committed: the next page, or after the last one the
    // removal step of a full type, or the next type.
    const after: Omit<RunCheckpoint, 'createdTypes'> = hasNext
      ? { type: at.type, step: 'pages', page: page + 1, pagination: next, allFull }
      : allFull && !source.keepUnsynced
        ? { type: at.type, step: 'remove', page: 0, allFull }
        : { type: at.type + 1, step: 'pages', page: 0, allFull: true };
    if (await applyRows(env, source, account, mapping, answer.items, (created) => withCreated(after, createdTypes, mapping.appType, created))) createdTypes.add(mapping.appType);
    if (!hasNext) return allFull;
    if (pagination !== undefined && stableJson(next) === stableJson(pagination)) {
      throw new Failure('integration.error/app-failed', `The app answered the same nextPageConfig twice for type "${mapping.appType}" (page ${page + 1}); it does not move on.`, { operation: 'data', type: mapping.appType }, 422);
    }
    pagination = next;
  }
}

/** Removes (or marks) the Entities of a type that a full run did not deliver (SYNC-008); the run goes on with the type after (`typeIndex` + 1). */
async function removeUndelivered(env: RunEnv, source: SourceRecord, mapping: TypeMapping, typeIndex: number, createdTypes: ReadonlySet<string>): Promise<void> {
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
    () => ({ type: typeIndex + 1, step: 'pages', page: 0, allFull: true, createdTypes: [...createdTypes] }),
  );
}

/** The links of integration relations (idempotent: a run that goes on after it did it again). */
async function linkPass(env: RunEnv, source: SourceRecord, createdTypes: Set<string>): Promise<void> {
  await transaction(
    env,
    async (tx, changes) => linkRelations(tx, await loadCatalog(tx), source.id, source.mapping, env.runId, createdTypes, changes),
    source.createdBy,
    () => ({ type: source.types.length, step: 'pages', page: 0, allFull: true, createdTypes: [...createdTypes] }),
  );
}

/** Validates the account (storing refreshed tokens) and answers it with its client. */
async function prepare(env: RunEnv, source: SourceRecord): Promise<{ account: AccountRecord; client: AppClient }> {
  const account = await refreshAccount(env.context, await loadAccount(env.context.db, source.accountId));
  return { account, client: accountClient(env.context, account) };
}

/**
 * A run started through the API: every type, every page; `from`: the checkpoint of a run that
 * goes on (validation, schema and fields are done again, then the pages after the checkpoint).
 */
export async function runSync(env: RunEnv, source: SourceRecord, startedAt: Date, from?: RunCheckpoint): Promise<void> {
  const { account, client } = await prepare(env, source);
  const { schema, warnings } = await client.schemaWithWarnings({ types: source.types, filter: source.filter, account: account.fields });
  // A run that goes on has the warnings of its first schema read already.
  for (const warning of warnings) if (!env.warnings.includes(warning)) env.warnings.push(warning);
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
  const createdTypes = new Set<string>(from?.createdTypes ?? []);
  for (let type = from?.type ?? 0; type < source.types.length; type++) {
    const appType = source.types[type] as string;
    const mapping = source.mapping.types[appType];
    if (!mapping) continue;
    const here = from && from.type === type ? from : undefined;
    const full = here?.step === 'remove' ? here.allFull : await syncType(env, source, account, client, schema, { type, mapping, ...(here ? { from: here } : {}) }, createdTypes);
    if (full && !source.keepUnsynced) await removeUndelivered(env, source, mapping, type, createdTypes);
  }
  await linkPass(env, source, createdTypes);
  source.lastSynchronizedAt = startedAt.toISOString();
  await saveSource(env.context.db, source);
}

/**
 * An inbound event: `transform`, then its `data` applied by the delta rules (EVT-004), type by
 * type; `from`: the checkpoint of a run that goes on (`transform` is asked again, the types
 * before the checkpoint are not applied again).
 */
export async function runEvent(env: RunEnv, source: SourceRecord, event: StoredEvent, from?: RunCheckpoint): Promise<void> {
  const { account, client } = await prepare(env, source);
  const answer = await client.transform({ params: event.headers, payload: event.payload, types: source.types, filter: source.filter, account: account.fields });
  const data = (answer.data ?? {}) as Record<string, unknown>;
  const createdTypes = new Set<string>(from?.createdTypes ?? []);
  for (let type = from?.type ?? 0; type < source.types.length; type++) {
    const appType = source.types[type] as string;
    const mapping = source.mapping.types[appType];
    const rows = data[appType];
    if (!mapping || rows === undefined) continue;
    // Stryker disable next-line all: out of reach: the app client refuses a transform answer whose data.<type> is not an array of rows (TransformResponse, app contract) first
    if (!Array.isArray(rows)) throw rowInvalid(`The app's transform answered data.${appType} that is not an array of rows.`, { type: appType, field: `data.${appType}` });
    if (rows.length > env.context.integrationSettings.maxRowsPerPage) {
      throw new Failure('integration.error/app-failed', `The app's transform answered ${rows.length} rows for "${appType}"; at most ${env.context.integrationSettings.maxRowsPerPage} are accepted.`, { operation: 'transform', type: appType }, 422);
    }
    const after = { type: type + 1, step: 'pages', page: 0, allFull: false } as const;
    if (await applyRows(env, source, account, mapping, rows as AppDataRow[], (created) => withCreated(after, createdTypes, appType, created))) createdTypes.add(appType);
  }
  await linkPass(env, source, createdTypes);
}
