// Starts the reference server: storage (pg-mem, or PostgreSQL when a database URL is given),
// migrations, optional demo workspace, HTTP.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { bootstrap } from './bootstrap.js';
import { createCommandRunner } from './commands/dispatch.js';
import type { Database } from './db/database.js';
import { createPgMemDatabase } from './db/pg-mem.js';
import { createPostgresDatabase } from './db/postgres.js';
import { createApp } from './http/app.js';
import { CatalogCache } from './model/catalog.js';
import { seedDemo, type DemoSummary } from './seed/demo.js';
import type { ServerContext } from './server-context.js';

export interface ServerOptions {
  port?: number;
  host?: string;
  /** PostgreSQL connection string; pg-mem when absent. */
  databaseUrl?: string;
  /** PostgreSQL schema to use (default `svc`); tests use a fresh one each run. */
  schema?: string;
  dropSchemaOnClose?: boolean;
  /** A known Architect token (SVC_TOKEN); a random one otherwise. */
  token?: string;
  demo?: boolean;
  validateResponses?: boolean;
  log?: (message: string) => void;
  /** Wraps the storage the server uses (tests and benchmarks count or record statements). */
  instrument?: (db: Database) => Database;
}

export interface RunningServer {
  baseUrl: string;
  token: string;
  storage: Database['kind'];
  db: Database;
  demo?: DemoSummary;
  close(): Promise<void>;
}

/** A schema name unique to this process and call, for test isolation on a shared database. */
export function scratchSchemaName(): string {
  return `svc_test_${process.pid}_${randomBytes(4).toString('hex')}`;
}

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const storage = options.databaseUrl
    ? await createPostgresDatabase({
        connectionString: options.databaseUrl,
        schema: options.schema ?? 'svc',
        dropSchemaOnClose: options.dropSchemaOnClose,
      })
    : createPgMemDatabase();
  const db = options.instrument ? options.instrument(storage) : storage;
  try {
    const { adminUserId, token } = await bootstrap(db, { token: options.token });
    const demo = options.demo ? await seedDemo(db, adminUserId) : undefined;
    const catalogs = new CatalogCache();
    let baseUrl = '';
    const context: ServerContext = {
      db,
      commands: createCommandRunner(db, catalogs),
      catalogs,
      validateResponses: options.validateResponses ?? false,
      urlSigningKey: randomBytes(32),
      baseUrl: () => baseUrl,
      log: options.log ?? ((m: string) => console.error(m)),
    };
    const app = createApp(context);
    const server = app.listen(options.port ?? 0, options.host ?? '127.0.0.1');
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    });
    server.requestTimeout = 60_000;
    server.headersTimeout = 30_000;
    const { address, port } = server.address() as AddressInfo;
    baseUrl = `http://${address}:${port}`;
    return {
      baseUrl,
      token,
      storage: db.kind,
      db,
      demo,
      async close() {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await db.close();
      },
    };
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}
