// A reference server in the benchmark's process whose SQL statements are recorded, so the raw
// SQL baseline can replay them straight to the storage underneath.
import type { Database, StorageKind } from '../../server/src/db/database.js';
import { recording, type RecordingDatabase } from '../../server/src/db/recording.js';
import { scratchSchemaName, startServer, type RunningServer } from '../../server/src/index.js';
import { withTimeout } from './timing.js';

export interface RecordedServer {
  server: RunningServer;
  /** The storage without the recorder (for the raw SQL baseline and bulk loads). */
  db: Database;
  recorder: RecordingDatabase;
}

/** Starts the server on pg-mem or PGlite, or on a scratch schema of `databaseUrl` (dropped on close). */
export async function startRecordedServer(kind: StorageKind, databaseUrl: string, log: (message: string) => void): Promise<RecordedServer> {
  let inner: Database | undefined;
  let rec: RecordingDatabase | undefined;
  const server = await withTimeout(
    startServer({
      storage: kind,
      ...(kind === 'postgres' ? { databaseUrl, schema: scratchSchemaName(), dropSchemaOnClose: true } : {}),
      instrument: (db) => {
        inner = db;
        rec = recording(db);
        return rec;
      },
      log: (m) => log(`server: ${m}`),
    }),
    60_000,
    `starting the server on ${kind}`,
  );
  if (!inner || !rec) {
    await server.close();
    throw new Error('the instrument hook was not called');
  }
  return { server, db: inner, recorder: rec };
}
