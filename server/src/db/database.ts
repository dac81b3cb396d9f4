// The one storage interface of the server: node-postgres's query API, plus transactions.
// Both storages (pg-mem embedded, PostgreSQL) implement it, so every module runs the same SQL.
import type { QueryResult, QueryResultRow } from 'pg';

export interface Queryable {
  query<R extends QueryResultRow = QueryResultRow>(text: string, params?: unknown[]): Promise<QueryResult<R>>;
}

export type StorageKind = 'pg-mem' | 'postgres';

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
