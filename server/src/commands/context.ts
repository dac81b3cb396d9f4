// What a command handler gets: the storage (or the open transaction), the schema, the caller,
// and where its writes report their changes (webhook deliveries).
import type { Queryable } from '../db/database.js';
import type { Catalog } from '../model/catalog.js';
import type { WriteObserver } from '../model/entity-writer.js';

export interface Caller {
  userId: string;
  accessLevel: AccessLevel;
  /** The API token the request came with (its row id); absent for the server's own work. */
  tokenId?: string;
}

export type AccessLevel = 'reader' | 'editor' | 'architect';

export interface CommandContext {
  tx: Queryable;
  catalog: () => Promise<Catalog>;
  caller: Caller;
  /** Receives what Entity writes change (absent: nobody watches). */
  changes?: WriteObserver;
}
