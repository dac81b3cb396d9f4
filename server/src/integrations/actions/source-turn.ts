// One automation call of a source at a time across every server process of one PostgreSQL
// schema (APP-075): the call holds a transaction-scoped advisory lock named after the source for
// as long as it runs, so a call made through another process waits for it. pg-mem and PGlite
// serve one process, whose SourceQueues already serialize the calls (PGlite has one connection:
// a held transaction would stop the call's own statements).
import type { Database } from '../../db/database.js';

/** The advisory lock's key: a 64-bit hash of the source id, apart from other locks by its prefix. */
const LOCK_SQL = "SELECT pg_advisory_xact_lock(hashtextextended('svc-action:' || $1, 0))";

/** Runs `job` while this process holds the source's turn among processes. */
export async function inSourceTurn<T>(db: Database, sourceId: string, job: () => Promise<T>): Promise<T> {
  if (db.kind !== 'postgres') return job();
  return db.transaction(async (tx) => {
    await tx.query(LOCK_SQL, [sourceId.toLowerCase()]);
    return job();
  });
}
