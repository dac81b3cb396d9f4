// Embedded storage: pg-mem, each statement parsed once and, where pg-mem can, compiled once and run
// with its values as parameters (pg-mem-statements.ts), answered with node-postgres's result shape
// as its adapter would.
// pg-mem's own BEGIN/ROLLBACK does not roll back, so a transaction here is a backup taken under a
// single-writer lock and restored on failure (schema changes are rows, never DDL, so this holds
// for every transaction after the migrations). Every statement takes the same lock, so no reader
// sees a transaction's writes before it commits (pg-mem runs statements synchronously anyway).
import { randomUUID } from 'node:crypto';
import { DataType, newDb, type IMemoryDb } from 'pg-mem';
import type { QueryResult, QueryResultRow } from 'pg';
import type { Database, Queryable } from './database.js';
import { Lock } from './lock.js';
import { PreparedStatements } from './pg-mem-statements.js';

export function createPgMemDatabase(): Database & { readonly mem: IMemoryDb } {
  const mem = newDb({ autoCreateForeignKeyIndices: true });
  mem.public.registerFunction({
    name: 'gen_random_uuid',
    returns: DataType.uuid,
    implementation: () => randomUUID(),
    impure: true,
  });
  registerStandardFunctions(mem);
  const lock = new Lock();
  const statements = new PreparedStatements(mem);
  const direct: Queryable = {
    dialect: 'pg-mem',
    query: <R extends QueryResultRow>(text: string, params?: unknown[]) =>
      new Promise<QueryResult<R>>((resolve, reject) => {
        try {
          const result = statements.query(text, params);
          const answer = { command: result.command, rowCount: result.rowCount, oid: 0, fields: [], rows: result.rows.map((row) => Object.fromEntries(Object.entries(row)) as R) };
          // Answer on the next turn of the event loop, as a database over a socket would: a long
          // run of statements must not starve the server's sockets and timers.
          setImmediate(() => resolve(answer));
        } catch (error) {
          setImmediate(() => reject(error as Error));
        }
      }),
  };
  return {
    kind: 'pg-mem',
    dialect: 'pg-mem',
    mem,
    query: (text, params) => lock.run(() => direct.query(text, params)),
    transaction: (fn) =>
      lock.run(async () => {
        const backup = mem.backup();
        try {
          return await fn(direct);
        } catch (error) {
          try {
            backup.restore();
          } catch (restoreError) {
            // Only DDL (migrations) makes a backup unrestorable; the server runs no DDL after start.
            throw new AggregateError([error, restoreError], 'a transaction with DDL failed and could not be rolled back');
          }
          throw error;
        }
      }),
    read: (fn) => fn({ dialect: 'pg-mem', query: (text, params) => lock.run(() => direct.query(text, params)) }),
    close: () => Promise.resolve(),
  };
}

/**
 * PostgreSQL string functions the query compiler uses that pg-mem lacks, with PostgreSQL's
 * semantics (positions count characters, from 1), so the same SQL runs on both storages.
 */
function registerStandardFunctions(mem: IMemoryDb): void {
  const chars = (s: string) => Array.from(s);
  mem.public.registerFunction({
    name: 'strpos',
    args: [DataType.text, DataType.text],
    returns: DataType.integer,
    implementation: (text: string, sub: string) => {
      const at = text.indexOf(sub);
      return at < 0 ? 0 : chars(text.slice(0, at)).length + 1;
    },
  });
  mem.public.registerFunction({
    name: 'starts_with',
    args: [DataType.text, DataType.text],
    returns: DataType.bool,
    implementation: (text: string, prefix: string) => text.startsWith(prefix),
  });
  mem.public.registerFunction({
    name: 'length',
    args: [DataType.text],
    returns: DataType.integer,
    implementation: (text: string) => chars(text).length,
  });
  mem.public.registerFunction({
    name: 'right',
    args: [DataType.text, DataType.integer],
    returns: DataType.text,
    implementation: (text: string, n: number) => {
      const c = chars(text);
      return n >= 0 ? c.slice(Math.max(0, c.length - n)).join('') : c.slice(-n).join('');
    },
  });
}
