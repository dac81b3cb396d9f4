// What the HTTP routes and background workers of the server share: the storage, the command
// runner, the schema cache and the server's settings. Built once by startServer.
import type { CommandRunner } from './commands/dispatch.js';
import type { Database } from './db/database.js';
import type { FileLimits } from './files/limits.js';
import type { HeavyRequestGate } from './http/heavy-requests.js';
import type { RateLimiter } from './http/rate-limit.js';
import type { CatalogCache } from './model/catalog.js';
import type { IntegrationSettings } from './integrations/settings.js';
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
  /** Addresses integration apps and the files they link may be at (absent: public addresses only). */
  appPolicy?: TargetPolicy;
  integrationSettings: IntegrationSettings;
  /** Bounds of the files API (absent: DEFAULT_FILE_LIMITS). */
  fileLimits?: FileLimits;
  /** Admission of heavy reads (spec/service.openapi.yaml, "Shared load"). */
  heavyRequests: HeavyRequestGate;
  /** The per-token request limit (SVC_RATE_LIMIT); absent: none. */
  rateLimiter?: RateLimiter;
  /** The sync engine: runs of sources, inbound events (server/src/integrations/sync). */
  syncs: SyncService;
  /** Wakes the webhook delivery worker after a write outside the command runner (GraphQL mutations) committed deliveries. */
  wakeDeliveries?: () => void;
}

/** What routes ask of the sync engine. */
export interface SyncService {
  /** Starts a run of a source (409 `integration.error/sync-running` when one is under way); resolves with its id. */
  start(sourceId: string): Promise<number>;
  /** Resolves when the run has ended, or after `timeoutMs`. */
  waitFor(runId: number, timeoutMs: number): Promise<void>;
  /**
   * An inbound event that `pre-process` accepted for this source: `transform` is called with the
   * event's headers and body, and its `data` applied by the delta rules, in the background.
   */
  receiveEvent(sourceId: string, event: { headers: Record<string, string>; payload: unknown }): void;
  /** Stops background work (server closing). */
  stop(): Promise<void>;
}
