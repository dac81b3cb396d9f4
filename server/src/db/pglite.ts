// Embedded storage: PGlite (@electric-sql/pglite), PostgreSQL itself compiled to WebAssembly, run
// in the server's process and memory (or a data directory when one is given). It is the real
// PostgreSQL of postgres.ts (same SQL, types, planner, window functions, SKIP LOCKED), reached
// through node-postgres's own client over PGlite's protocol adapter, so parameters are sent and
// values parsed exactly as on a PostgreSQL server (postgres.ts's type parsers).
// PGlite has one connection: every statement and every transaction takes one lock, so a
// transaction runs alone from BEGIN to COMMIT and no other statement lands inside it. Reads run
// statement by statement, each under the lock (as on pg-mem), so a long read never holds the
// storage for other requests; each statement sees what was committed before it (READ COMMITTED).
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import pg from 'pg';
import type { QueryResult, QueryResultRow } from 'pg';
import type { Database, Queryable } from './database.js';
import { Lock } from './lock.js';
import { typeParsers } from './postgres.js';

export interface PgliteOptions {
  /** A directory the data is kept in across restarts; in memory (gone at close) when absent. */
  dataDir?: string;
}

export async function createPgliteDatabase(options: PgliteOptions = {}): Promise<Database> {
  const pglite = await PGlite.create(options.dataDir);
  const client = new pg.Client({ ...createPgConfig(pglite), types: typeParsers() });
  try {
    await client.connect();
  } catch (error) {
    await pglite.close().catch(() => undefined);
    throw error;
  }
  client.on('error', () => {
    /* the in-process connection has no network to lose; statements report their own errors */
  });
  const lock = new Lock();
  const direct: Queryable = {
    dialect: 'postgres',
    query: <R extends QueryResultRow>(text: string, params?: unknown[]): Promise<QueryResult<R>> => client.query<R>(text, params),
  };
  const locked: Queryable = { dialect: 'postgres', query: (text, params) => lock.run(() => direct.query(text, params)) };
  let closed = false;
  return {
    kind: 'pglite',
    dialect: 'postgres',
    query: locked.query,
    transaction: (fn) =>
      lock.run(async () => {
        await direct.query('BEGIN');
        try {
          const result = await fn(direct);
          await direct.query('COMMIT');
          return result;
        } catch (error) {
          await direct.query('ROLLBACK').catch(() => undefined);
          throw error;
        }
      }),
    read: (fn) => fn(locked),
    async close() {
      if (closed) return;
      closed = true;
      // Waits for the statement or transaction under way, then ends the connection and PostgreSQL.
      await lock.run(async () => {
        await client.end().catch(() => undefined);
        await pglite.close();
      });
    },
  };
}
