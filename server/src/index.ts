// Starts the reference server: storage (pg-mem, PGlite, or PostgreSQL when a database URL is given),
// migrations, optional demo workspace, HTTP.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { bootstrap } from './bootstrap.js';
import { createCommandRunner } from './commands/dispatch.js';
import type { Database, StorageKind } from './db/database.js';
import { createPgMemDatabase } from './db/pg-mem.js';
import { createPostgresDatabase } from './db/postgres.js';
import { createApp } from './http/app.js';
import { integrationSettings, type IntegrationSettingsInput } from './integrations/settings.js';
import { fileLimits, type FileLimits } from './files/limits.js';
import { heavyLimitsOf, HeavyRequestGate, type HeavyLimits } from './http/heavy-requests.js';
import { RateLimiter, type RateLimit } from './http/rate-limit.js';
import { SyncEngine } from './integrations/sync/engine.js';
import { CatalogCache } from './model/catalog.js';
import { seedDemo, type DemoSummary } from './seed/demo.js';
import { RetentionTimer, retentionSettings, type PruneReport, type RetentionSettings } from './runtime/retention.js';
import type { ServerContext } from './server-context.js';
import { retrySchedule, type RetrySchedule } from './webhooks/schedule.js';
import { TargetPolicy } from './webhooks/target-policy.js';
import { DeliveryWorker } from './webhooks/worker.js';

export interface ServerOptions {
  port?: number;
  host?: string;
  /** PostgreSQL connection string; pg-mem (or `storage`) when absent. */
  databaseUrl?: string;
  /**
   * The storage (SVC_STORAGE): `pg-mem` (the default without `databaseUrl`), `pglite` (embedded
   * PostgreSQL in WebAssembly), or `postgres` (needs `databaseUrl`, implied by it).
   */
  storage?: StorageKind;
  /** PostgreSQL schema to use (default `svc`); tests use a fresh one each run. */
  schema?: string;
  dropSchemaOnClose?: boolean;
  /** A known Architect token (SVC_TOKEN); a random one otherwise. */
  token?: string;
  /**
   * A Reader token of the same user (SVC_READER_TOKEN), for clients that check what a token below
   * Architect may do (the conformance suite's `--reader-token`); none by default.
   */
  readerToken?: string;
  /** An Editor token of the same user (SVC_EDITOR_TOKEN; the suite's `--editor-token`); none by default. */
  editorToken?: string;
  demo?: boolean;
  validateResponses?: boolean;
  log?: (message: string) => void;
  /** Wraps the storage the server uses (tests and benchmarks count or record statements). */
  instrument?: (db: Database) => Database;
  /**
   * Addresses or CIDR ranges webhooks may call although they are private or loopback
   * (SVC_WEBHOOK_ALLOW, e.g. `127.0.0.1,::1`); none by default.
   */
  webhookAllow?: string[];
  /** Retry schedule of failed deliveries (default: 5 s doubling up to 1 h, 12 attempts). */
  webhookRetry?: Partial<RetrySchedule>;
  /** Time-out of one delivery attempt (default 10 s). */
  webhookTimeoutMs?: number;
  /** How often the delivery worker looks for work it was not told about (default 500 ms). */
  webhookPollMs?: number;
  /** Webhooks one process delivers to at once (default 8). */
  webhookConcurrency?: number;
  /** Run the delivery worker (default true; tests turn it off to look at the outbox). */
  webhookWorker?: boolean;
  /**
   * Addresses or CIDR ranges integration apps (and the files they link) may be at although private
   * or loopback (SVC_APP_ALLOW, e.g. `127.0.0.1,::1`); none by default.
   */
  appAllow?: string[];
  /** Writes one line per answered request (method, path with secrets masked, status, time in ms); absent: no request log. */
  requestLog?: (line: string) => void;
  /** Admission of heavy reads (spec/service.openapi.yaml, "Shared load"); tests change them. */
  heavyLimits?: Partial<HeavyLimits>;
  /** Bounds of calls to apps and of sync runs (spec/integrations.md); tests shorten them. */
  integrations?: IntegrationSettingsInput;
  /** Bounds of the files API (size, download time-out, redirects); tests lower them. */
  files?: Partial<FileLimits>;
  /**
   * Retention of webhook runs, failed deliveries and finished sync runs (SVC_RETENTION_DAYS,
   * SVC_RETENTION_RUNS; default 7 days, the latest 50 always kept).
   */
  retention?: Partial<RetentionSettings>;
  /** Prune on a timer (default true; tests turn it off and call `prune()`). */
  retentionTimer?: boolean;
  /** A per-token request limit (SVC_RATE_LIMIT, e.g. `{requests: 600, seconds: 60}`); none by default. */
  rateLimit?: RateLimit;
}

export interface RunningServer {
  baseUrl: string;
  token: string;
  storage: Database['kind'];
  db: Database;
  demo?: DemoSummary;
  /** One bounded retention pass now (what the timer does); tests pass a later `now`. */
  prune(now?: Date): Promise<PruneReport>;
  close(): Promise<void>;
}

/** A schema name unique to this process and call, for test isolation on a shared database. */
export function scratchSchemaName(): string {
  return `svc_test_${process.pid}_${randomBytes(4).toString('hex')}`;
}

/** The storage `options` name (see ServerOptions.storage), opened; a clear error when they disagree. */
async function openStorage(options: ServerOptions): Promise<Database> {
  const kind = options.storage ?? (options.databaseUrl ? 'postgres' : 'pg-mem');
  if (kind === 'postgres') {
    if (!options.databaseUrl) throw new Error('storage postgres needs a database URL (DATABASE_URL)');
    return createPostgresDatabase({ connectionString: options.databaseUrl, schema: options.schema ?? 'svc', dropSchemaOnClose: options.dropSchemaOnClose });
  }
  if (options.databaseUrl) throw new Error(`storage ${kind} is embedded and takes no database URL; unset DATABASE_URL or choose storage postgres`);
  if (kind === 'pg-mem') return createPgMemDatabase();
  // Loaded only when chosen: PGlite's WebAssembly PostgreSQL is large.
  const { createPgliteDatabase } = await import('./db/pglite.js');
  return createPgliteDatabase();
}

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const storage = await openStorage(options);
  const db = options.instrument ? options.instrument(storage) : storage;
  try {
    const { adminUserId, token } = await bootstrap(db, { token: options.token, readerToken: options.readerToken, editorToken: options.editorToken });
    const demo = options.demo ? await seedDemo(db, adminUserId) : undefined;
    const catalogs = new CatalogCache();
    const webhookPolicy = new TargetPolicy(options.webhookAllow ?? []);
    // The worker uses the storage itself: its polling is not part of any request (instrument
    // wrappers count the statements of requests).
    const worker = new DeliveryWorker({
      db: storage,
      policy: webhookPolicy,
      retry: retrySchedule(options.webhookRetry),
      timeoutMs: options.webhookTimeoutMs ?? 10_000,
      pollMs: options.webhookPollMs ?? 500,
      concurrency: options.webhookConcurrency ?? 8,
      maxResponseBytes: 64 * 1024,
      log: options.log ?? ((m: string) => console.error(m)),
    });
    const retention = new RetentionTimer(storage, retentionSettings(options.retention), options.log ?? ((m: string) => console.error(m)));
    let baseUrl = '';
    const appPolicy = new TargetPolicy(options.appAllow ?? []);
    const settings = integrationSettings(options.integrations);
    const syncs = new SyncEngine({ context: () => context, storage, onDeliveries: () => worker.wake() });
    const context: ServerContext = {
      db,
      commands: createCommandRunner(db, catalogs, { onDeliveries: () => worker.wake() }),
      catalogs,
      validateResponses: options.validateResponses ?? false,
      urlSigningKey: randomBytes(32),
      baseUrl: () => baseUrl,
      log: options.log ?? ((m: string) => console.error(m)),
      webhookPolicy,
      appPolicy,
      integrationSettings: settings,
      fileLimits: fileLimits(options.files),
      syncs,
      wakeDeliveries: () => worker.wake(),
      heavyRequests: new HeavyRequestGate({ ...heavyLimitsOf(db.kind), ...options.heavyLimits }),
      ...(options.rateLimit ? { rateLimiter: new RateLimiter(options.rateLimit) } : {}),
    };
    const app = createApp(context, options.requestLog ? { requestLog: options.requestLog } : {});
    const server = app.listen(options.port ?? 0, options.host ?? '127.0.0.1');
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    });
    server.requestTimeout = 60_000;
    server.headersTimeout = 30_000;
    const { address, port } = server.address() as AddressInfo;
    baseUrl = `http://${address}:${port}`;
    if (options.webhookWorker ?? true) worker.start();
    syncs.resume();
    if (options.retentionTimer ?? true) retention.start();
    return {
      baseUrl,
      token,
      storage: db.kind,
      db,
      demo,
      prune: (now) => retention.runOnce(now),
      async close() {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await syncs.stop();
        await worker.stop();
        await retention.stop();
        await db.close();
      },
    };
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}
