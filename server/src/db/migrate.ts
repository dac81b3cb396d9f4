// Runs server/migrations/*.sql in name order, once each, at start. Several servers may start on
// one PostgreSQL schema at the same time: there, all of it runs in one transaction that first
// takes an advisory lock of the schema, so they take turns and the later ones find nothing to do.
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Database, Queryable } from './database.js';

const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url));

/**
 * On PostgreSQL, waits for (and holds until the transaction ends) an advisory lock named `what`,
 * per schema: start-up steps of servers sharing a schema take turns. pg-mem serves one process.
 */
export async function lockSchemaStep(tx: Queryable, kind: Database['kind'], what: string): Promise<void> {
  if (kind === 'postgres') await tx.query("SELECT pg_advisory_xact_lock(hashtext($1 || current_schema()))", [`svc-kit ${what} `]);
}

export async function migrate(db: Database): Promise<string[]> {
  if (db.kind === 'postgres') {
    return db.transaction(async (tx) => {
      await lockSchemaStep(tx, db.kind, 'migrate');
      return applyPending(tx, (fn) => fn(tx));
    });
  }
  return applyPending(db, (fn) => db.transaction(fn));
}

async function applyPending(q: Queryable, inTransaction: (fn: (tx: Queryable) => Promise<void>) => Promise<void>): Promise<string[]> {
  const done = new Set((await appliedMigrations(q)).map((r) => r.name));
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const sql = await readFile(MIGRATIONS_DIR + file, 'utf8');
    await inTransaction(async (tx) => {
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (name, applied_at) VALUES ($1, now())', [file]);
    });
    applied.push(file);
  }
  return applied;
}

/** The migrations applied so far; creates the bookkeeping table on first start. */
async function appliedMigrations(db: Queryable): Promise<Array<{ name: string }>> {
  // pg-mem refuses `CREATE TABLE IF NOT EXISTS` on an existing table, so look first.
  const { rows } = await db.query<{ n: number }>(
    "SELECT count(*) AS n FROM information_schema.tables WHERE table_name = 'schema_migrations' AND table_schema = current_schema()",
  );
  if (Number(rows[0]?.n) === 0) {
    await db.query('CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL)');
    return [];
  }
  return (await db.query<{ name: string }>('SELECT name FROM schema_migrations')).rows;
}

/** Splits a migration file on semicolons at line ends; comments are dropped. */
function splitStatements(sql: string): string[] {
  return sql
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('--'))
    .join('\n')
    .split(/;\s*(?:\n|$)/)
    .map((s) => s.trim())
    .filter(Boolean);
}
