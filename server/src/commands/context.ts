// What a command handler gets: the storage (or the open transaction), the schema, the caller.
import type { Queryable } from '../db/database.js';
import type { Catalog } from '../model/catalog.js';

export interface Caller {
  userId: string;
  accessLevel: AccessLevel;
}

export type AccessLevel = 'reader' | 'editor' | 'architect';

export interface CommandContext {
  tx: Queryable;
  catalog: () => Promise<Catalog>;
  caller: Caller;
}
