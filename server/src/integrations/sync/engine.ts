// The sync engine: runs of sources (one at a time per source), their tryLater retries, and the
// inbound events applied by delta rules. (Being written.)
import { Failure } from '../../api/failure.js';
import type { Database } from '../../db/database.js';
import type { CatalogCache } from '../../model/catalog.js';
import type { SyncService } from '../../server-context.js';
import type { TargetPolicy } from '../../webhooks/target-policy.js';
import type { IntegrationSettings } from '../settings.js';

export interface SyncEngineDeps {
  db: Database;
  catalogs: CatalogCache;
  appPolicy?: TargetPolicy;
  settings: IntegrationSettings;
  log: (message: string) => void;
  onDeliveries?: () => void;
  /** Address the server is reachable at (events URLs). */
  baseUrl: () => string;
}

export class SyncEngine implements SyncService {
  constructor(private readonly deps: SyncEngineDeps) {}

  async start(sourceId: string): Promise<number> {
    throw new Failure('integration.error/source-not-found', `There is no source ${sourceId}.`, { id: sourceId }, 404);
  }

  async waitFor(_runId: number, _timeoutMs: number): Promise<void> {}

  receiveEvent(_sourceId: string, _event: { headers: Record<string, string>; payload: unknown }): void {
    this.deps.log('sync engine: events are not applied yet');
  }

  async stop(): Promise<void> {}
}
