// The storages every server test runs on: pg-mem always, PostgreSQL when DATABASE_URL is set.
import { scratchSchemaName, startServer, type RunningServer, type ServerOptions } from '../src/index.js';
import { createPgMemDatabase } from '../src/db/pg-mem.js';
import { createPostgresDatabase } from '../src/db/postgres.js';
import type { Database } from '../src/db/database.js';

export interface StorageCase {
  name: 'pg-mem' | 'postgres';
  databaseUrl?: string;
}

export const storages: StorageCase[] = [
  { name: 'pg-mem' },
  ...(process.env.DATABASE_URL ? [{ name: 'postgres' as const, databaseUrl: process.env.DATABASE_URL }] : []),
];

export function startTestServer(storage: StorageCase, options: ServerOptions = {}): Promise<RunningServer> {
  return startServer({
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
