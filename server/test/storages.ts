// The storages every server test runs on: pg-mem always, PostgreSQL when DATABASE_URL is set, and
// the embedded PGlite when SVC_TEST_STORAGES names it. SVC_TEST_STORAGES (comma-separated pg-mem,
// pglite, postgres) chooses the list itself, e.g. `SVC_TEST_STORAGES=pglite npx vitest run ...`;
// postgres in it needs DATABASE_URL.
import { scratchSchemaName, startServer, type RunningServer, type ServerOptions } from '../src/index.js';
import { createPgMemDatabase } from '../src/db/pg-mem.js';
import { createPgliteDatabase } from '../src/db/pglite.js';
import { createPostgresDatabase } from '../src/db/postgres.js';
import { STORAGE_KINDS, type Database, type StorageKind } from '../src/db/database.js';

export interface StorageCase {
  name: StorageKind;
  databaseUrl?: string;
}

/** The storages SVC_TEST_STORAGES names, or the default (pg-mem, and postgres with DATABASE_URL). */
function testStorages(env: NodeJS.ProcessEnv): StorageCase[] {
  const url = env.DATABASE_URL || undefined;
  const raw = env.SVC_TEST_STORAGES?.trim();
  const names: string[] = raw ? raw.split(',').map((s) => s.trim()) : ['pg-mem', ...(url ? ['postgres'] : [])];
  return names.map((name) => {
    const kind = STORAGE_KINDS.find((k) => k === name);
    if (!kind) throw new Error(`SVC_TEST_STORAGES takes ${STORAGE_KINDS.join(', ')}; got ${name}`);
    if (kind !== 'postgres') return { name: kind };
    if (!url) throw new Error('SVC_TEST_STORAGES names postgres but DATABASE_URL is not set');
    return { name: kind, databaseUrl: url };
  });
}

export const storages: StorageCase[] = testStorages(process.env);

/**
 * The storages the conformance suite's per-check tests (conformance/test/server.test.ts, sync.test.ts)
 * run on: PostgreSQL (or whatever else is configured) rather than pg-mem, since
 * conformance/test/full-run.test.ts runs every check on pg-mem already; pg-mem when it is the only
 * one; all of them when SVC_TEST_STORAGES names them.
 */
export const suiteStorages: StorageCase[] = process.env.SVC_TEST_STORAGES?.trim() || storages.length === 1 ? storages : storages.filter((s) => s.name !== 'pg-mem');

export function startTestServer(storage: StorageCase, options: ServerOptions = {}): Promise<RunningServer> {
  return startServer({
    storage: storage.name,
    databaseUrl: storage.databaseUrl,
    schema: scratchSchemaName(),
    dropSchemaOnClose: true,
    validateResponses: true,
    log: () => undefined,
    // Webhook checks post to a receiver on loopback and wait for retries: allow it, retry fast.
    webhookAllow: ['127.0.0.1'],
    webhookRetry: { baseMs: 50, maxMs: 400, attempts: 6 },
    webhookTimeoutMs: 5_000,
    webhookPollMs: 100,
    ...options,
  });
}

export function openDatabase(storage: StorageCase): Promise<Database> {
  if (storage.name === 'pglite') return createPgliteDatabase();
  return storage.databaseUrl
    ? createPostgresDatabase({ connectionString: storage.databaseUrl, schema: scratchSchemaName(), dropSchemaOnClose: true })
    : Promise.resolve(createPgMemDatabase());
}

/** The envelope of a command API answer. */
export interface CommandAnswer {
  success: boolean;
  result: unknown;
}

/** POSTs `command` to the server's command API with its Architect token; answers the envelope as sent. */
export async function postCommand(server: RunningServer, command: unknown): Promise<CommandAnswer> {
  const res = await fetch(`${server.baseUrl}/api/commands`, {
    method: 'POST',
    headers: { authorization: `Token ${server.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(command),
  });
  return (await res.json()) as CommandAnswer;
}
