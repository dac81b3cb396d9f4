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
  /**
   * A process runs a source's runs under a lease of this length (15 s), renewed while it works;
   * a lease not renewed in time (the process died) is taken over by another process.
   */
  leaseMs: number;
  /** How often a process looks for runs to take on that it was not told about (1 s). */
  pollMs: number;
}

export const DEFAULT_INTEGRATION_SETTINGS: IntegrationSettings = {
  timeoutMs: 30_000,
  maxResponseBytes: 32 * 1024 * 1024,
  maxFileBytes: 25 * 1024 * 1024,
  maxPages: 10_000,
  maxRowsPerPage: 10_000,
  retry: { baseMs: 1_000, maxMs: 60_000, attempts: 8 },
  waitMs: 120_000,
  leaseMs: 15_000,
  pollMs: 1_000,
};

export type IntegrationSettingsInput = Partial<Omit<IntegrationSettings, 'retry'>> & { retry?: Partial<IntegrationSettings['retry']> };

/** Shortest lease (a lease shorter than a step of a run would pass from process to process) and poll. */
const MIN_LEASE_MS = 500;
const MIN_POLL_MS = 10;

export function integrationSettings(input: IntegrationSettingsInput = {}): IntegrationSettings {
  const settings = { ...DEFAULT_INTEGRATION_SETTINGS, ...input };
  return {
    ...settings,
    leaseMs: Math.max(MIN_LEASE_MS, settings.leaseMs),
    pollMs: Math.max(MIN_POLL_MS, settings.pollMs),
    retry: { ...DEFAULT_INTEGRATION_SETTINGS.retry, ...input.retry },
  };
}
