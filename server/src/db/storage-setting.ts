// SVC_STORAGE: which storage `npm start` opens. `pg-mem` (the default) and `pglite` are embedded
// (in the server's memory, lost on exit); `postgres` is the PostgreSQL at DATABASE_URL, and a
// DATABASE_URL alone means it.
import { STORAGE_KINDS, type StorageKind } from './database.js';

/** The storage SVC_STORAGE (`raw`) and DATABASE_URL choose; an error naming the setting when they make no sense. */
export function storageSetting(raw: string | undefined, databaseUrl: string | undefined): StorageKind {
  const value = raw?.trim() ?? '';
  if (value === '') return databaseUrl ? 'postgres' : 'pg-mem';
  const kind = STORAGE_KINDS.find((k) => k === value);
  if (!kind) throw new Error(`SVC_STORAGE must be one of ${STORAGE_KINDS.join(', ')}; got ${JSON.stringify(value.slice(0, 40))}`);
  if (kind === 'postgres' && !databaseUrl) throw new Error('SVC_STORAGE=postgres needs DATABASE_URL (postgres://user@host:5432/db)');
  if (kind !== 'postgres' && databaseUrl) throw new Error(`SVC_STORAGE=${kind} is embedded and takes no DATABASE_URL; unset one of them`);
  return kind;
}
