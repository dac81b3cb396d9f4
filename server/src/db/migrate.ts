// Runs server/migrations/*.sql in name order, once each, at start.
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.js';

const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url));

export async function migrate(db: Database): Promise<string[]> {
  const done = new Set((await appliedMigrations(db)).map((r) => r.name));
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const sql = await readFile(MIGRATIONS_DIR + file, 'utf8');
    await db.transaction(async (tx) => {
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (name, applied_at) VALUES ($1, now())', [file]);
    });
    applied.push(file);
  }
  return applied;
}

/** The migrations applied so far; creates the bookkeeping table on first start. */
async function appliedMigrations(db: Database): Promise<Array<{ name: string }>> {
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
