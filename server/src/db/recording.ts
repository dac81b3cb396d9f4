// A storage wrapper that records every statement run through it (tests count statements per
// request; benchmarks replay the same statements straight to the database).
import type { Database, Queryable } from './database.js';

export interface RecordedStatement {
  text: string;
  params: unknown[];
}

export interface RecordingDatabase extends Database {
  readonly statements: RecordedStatement[];
  /** Forget what was recorded so far. */
  reset(): void;
}

export function recording(inner: Database): RecordingDatabase {
  const statements: RecordedStatement[] = [];
  const record = (q: Queryable): Queryable => ({
    ...(q.dialect ? { dialect: q.dialect } : {}),
    query: (text, params) => {
      statements.push({ text, params: params ?? [] });
      return q.query(text, params);
    },
  });
  const outer = record(inner);
  return {
    kind: inner.kind,
    ...(inner.dialect ? { dialect: inner.dialect } : {}),
    statements,
    reset: () => void statements.splice(0),
    query: outer.query,
    transaction: (fn) => inner.transaction((tx) => fn(record(tx))),
    read: (fn) => inner.read((q) => fn(record(q))),
    close: () => inner.close(),
  };
}
