// PostgreSQL storage through node-postgres. Each server instance may live in its own schema
// (tests create one per run and drop it at close), selected with search_path on every connection.
import pg from 'pg';
import type { Database } from './database.js';

const STATEMENT_TIMEOUT_MS = 30_000;

/** Type parsers: int8 and numeric as numbers, date as 'YYYY-MM-DD' text (no time-zone shift); PGlite's client uses them too. */
export function typeParsers(): pg.CustomTypesConfig {
  const { builtins } = pg.types;
  const parsers = new Map<number, (value: string) => unknown>([
    [builtins.INT8, Number],
    [builtins.NUMERIC, Number],
    [builtins.DATE, (value: string) => value],
  ]);
  return {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      parsers.get(oid) ?? pg.types.getTypeParser(oid, format ?? 'text')) as pg.CustomTypesConfig['getTypeParser'],
  };
}

export interface PostgresOptions {
  connectionString: string;
  schema: string;
  /** Drop the schema on close (tests). */
  dropSchemaOnClose?: boolean;
  maxConnections?: number;
}

export async function createPostgresDatabase(options: PostgresOptions): Promise<Database> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(options.schema)) throw new Error(`invalid schema name ${options.schema}`);
  const admin = new pg.Client({ connectionString: options.connectionString, connectionTimeoutMillis: 10_000 });
  await admin.connect();
  try {
    await admin.query(`CREATE SCHEMA IF NOT EXISTS ${options.schema}`).catch((error: { code?: string }) => {
      // Two servers creating the schema at the same moment: one of them loses the race (23505).
      if (error.code !== '23505' && error.code !== '42P06') throw error;
    });
  } finally {
    await admin.end();
  }
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.maxConnections ?? 10,
    options: `-c search_path=${options.schema} -c statement_timeout=${STATEMENT_TIMEOUT_MS}`,
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 10_000,
    types: typeParsers(),
  });
  pool.on('error', () => {
    /* an idle client lost its connection; the pool replaces it */
  });
  const db: Database = {
    kind: 'postgres',
    dialect: 'postgres',
    query: (text, params) => pool.query(text, params as unknown[]),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({ dialect: 'postgres', query: (text, params) => client.query(text, params) });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    read: (fn) => db.transaction(fn),
    async close() {
      if (options.dropSchemaOnClose) await pool.query(`DROP SCHEMA IF EXISTS ${options.schema} CASCADE`);
      await pool.end();
    },
  };
  return db;
}
