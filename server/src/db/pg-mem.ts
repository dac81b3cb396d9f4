// Embedded storage: pg-mem through its node-postgres adapter.
// pg-mem's own BEGIN/ROLLBACK does not roll back, so a transaction here is a backup taken under a
// single-writer lock and restored on failure (schema changes are rows, never DDL, so this holds
// for every transaction after the migrations). Every statement takes the same lock, so no reader
// sees a transaction's writes before it commits (pg-mem runs statements synchronously anyway).
import { randomUUID } from 'node:crypto';
import { DataType, newDb, type IMemoryDb } from 'pg-mem';
import type { Pool as PgPool, QueryResult, QueryResultRow } from 'pg';
import type { Database, Queryable } from './database.js';
import { Lock } from './lock.js';

export function createPgMemDatabase(): Database & { readonly mem: IMemoryDb } {
  const mem = newDb({ autoCreateForeignKeyIndices: true });
  mem.public.registerFunction({
    name: 'gen_random_uuid',
    returns: DataType.uuid,
    implementation: () => randomUUID(),
    impure: true,
  });
  const { Pool } = mem.adapters.createPg();
  const pool = new Pool() as PgPool;
  const lock = new Lock();
  const direct: Queryable = {
    query: <R extends QueryResultRow>(text: string, params?: unknown[]) =>
      pool.query<R>(text, params as unknown[]) as Promise<QueryResult<R>>,
  };
  return {
    kind: 'pg-mem',
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
    close: () => pool.end(),
  };
}
