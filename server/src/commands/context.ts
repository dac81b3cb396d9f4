// What a command handler gets: the storage (or the open transaction), the schema, the caller,
// and where its writes report their changes (webhook deliveries).
import type { Queryable } from '../db/database.js';
import type { Catalog } from '../model/catalog.js';
import type { WriteObserver } from '../model/entity-writer.js';

export interface Caller {
  userId: string;
  accessLevel: AccessLevel;
}

export type AccessLevel = 'reader' | 'editor' | 'architect';

export interface CommandContext {
  tx: Queryable;
  catalog: () => Promise<Catalog>;
  caller: Caller;
  /** Receives what Entity writes change (absent: nobody watches). */
  changes?: WriteObserver;
}
