// Bounds of the integration engine: every call to an app and every run is limited
// (spec/integrations.md, "Runs"). Tests shorten the time-outs and the tryLater back-off.
export interface IntegrationSettings {
  /** Time-out of one call to an app, answer included (30 s). */
  timeoutMs: number;
  /** Largest JSON answer read from an app (32 MiB). */
  maxResponseBytes: number;
  /** Largest file downloaded (25 MiB). */
  maxFileBytes: number;
  /** Pages asked per type in one run (10,000). */
  maxPages: number;
  /** Rows accepted in one page (10,000). */
  maxRowsPerPage: number;
  /** `tryLater` back-off: first delay, largest delay, attempts before the run fails. */
  retry: { baseMs: number; maxMs: number; attempts: number };
  /** How long `POST .../syncs?wait=true` waits for the run to end (120 s). */
  waitMs: number;
}

export const DEFAULT_INTEGRATION_SETTINGS: IntegrationSettings = {
  timeoutMs: 30_000,
  maxResponseBytes: 32 * 1024 * 1024,
  maxFileBytes: 25 * 1024 * 1024,
  maxPages: 10_000,
  maxRowsPerPage: 10_000,
  retry: { baseMs: 1_000, maxMs: 60_000, attempts: 8 },
  waitMs: 120_000,
};

export type IntegrationSettingsInput = Partial<Omit<IntegrationSettings, 'retry'>> & { retry?: Partial<IntegrationSettings['retry']> };

export function integrationSettings(input: IntegrationSettingsInput = {}): IntegrationSettings {
  return {
    ...DEFAULT_INTEGRATION_SETTINGS,
    ...input,
    retry: { ...DEFAULT_INTEGRATION_SETTINGS.retry, ...input.retry },
  };
}
