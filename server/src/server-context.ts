// What the HTTP routes and background workers of the server share: the storage, the command
// runner, the schema cache and the server's settings. Built once by startServer.
import type { CommandRunner } from './commands/dispatch.js';
import type { Database } from './db/database.js';
import type { CatalogCache } from './model/catalog.js';
import type { TargetPolicy } from './webhooks/target-policy.js';

export interface ServerContext {
  db: Database;
  commands: CommandRunner;
  catalogs: CatalogCache;
  /** Validate every response against the spec (on under the test suite). */
  validateResponses: boolean;
  /** Key that signs download addresses (file URLs); random per server unless configured. */
  urlSigningKey: Buffer;
  /** Address the server is reachable at (set once listening). */
  baseUrl: () => string;
  log: (message: string) => void;
  /** Addresses webhooks may call (absent: public addresses only). */
  webhookPolicy?: TargetPolicy;
}
