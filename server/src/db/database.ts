// The one storage interface of the server: node-postgres's query API, plus transactions.
// Every storage (pg-mem and PGlite embedded, PostgreSQL) implements it, so every module runs the
// same SQL, except where a storage says (its `dialect`) that it takes a better form of a statement.
import type { QueryResult, QueryResultRow } from 'pg';

/**
 * The SQL a storage takes: `postgres` (PostgreSQL, and PGlite, which is PostgreSQL) takes the
 * natural SQL; `pg-mem` needs the detours written for pg-mem (each says why where it is chosen).
 * Absent (a wrapper that does not say): the pg-mem forms, which every storage runs correctly.
 */
export type SqlDialect = 'postgres' | 'pg-mem';

export interface Queryable {
  query<R extends QueryResultRow = QueryResultRow>(text: string, params?: unknown[]): Promise<QueryResult<R>>;
  readonly dialect?: SqlDialect;
}

export type StorageKind = 'pg-mem' | 'pglite' | 'postgres';

/** The storages a server can be started on (SVC_STORAGE). */
export const STORAGE_KINDS: readonly StorageKind[] = ['pg-mem', 'pglite', 'postgres'];

/** Whether `q` takes the natural PostgreSQL form of a statement (see SqlDialect). */
export function isPostgresDialect(q: Queryable): boolean {
  return q.dialect === 'postgres';
}

export interface Database extends Queryable {
  readonly kind: StorageKind;
  /** Runs `fn` in one transaction: everything it did is kept when it resolves, nothing when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs read-only work: each statement sees what was committed before it (PostgreSQL's READ
   * COMMITTED). PostgreSQL: a transaction. pg-mem: statement by statement, each under the lock, so a
   * long read (a GraphQL request of many root fields) never holds the storage for other requests.
   */
  read<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * The row lock of a claim (a worker taking queue rows for itself): PostgreSQL skips rows another
 * transaction has locked (`FOR UPDATE SKIP LOCKED`), so processes sharing a schema never wait for
 * nor take the same rows; pg-mem has no SKIP LOCKED and serves one process, whose transactions
 * run one at a time, so a plain `FOR UPDATE` is the same there.
 */
export function claimLock(kind: StorageKind): string {
  return kind === 'pg-mem' ? 'FOR UPDATE' : 'FOR UPDATE SKIP LOCKED';
}
