// The mock integration app: starts an HTTP server that plays an integration app (and its external
// system) from a scenario, and the handle tests use to inspect and drive it.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ActionLog, type ActionCall } from './actions.js';
import { buildApp } from './app.js';
import { createContext } from './context.js';
import { sendEvent } from './events.js';
import type { RecordedRequest } from './http.js';
import { substituteUrl } from './placeholders.js';
import { checkChanges, checkFailure, loadScenario } from './scenario.js';
import type { AppDataRow, Scenario, ScenarioChanges, ScenarioFailure } from './scenario.js';

export * from './scenario.js';
export type { RecordedRequest } from './http.js';
export type { ActionCall } from './actions.js';
export { ChangeError } from './state.js';
export { sign, verifySignature, DEFAULT_SIGNATURE_HEADER } from './events.js';

export interface MockAppOptions {
  /** A scenario, or the path of a .json or .yaml scenario file. */
  scenario: Scenario | string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Validate every answer against spec/app.openapi.yaml (default true). */
  validateResponses?: boolean;
  log?: (message: string) => void;
}

export interface MockApp {
  /** Base address, no trailing slash, e.g. http://127.0.0.1:43121. */
  url: string;
  /** The scenario, with `{{url}}` substituted. */
  scenario: Scenario;
  /** Every request received, in order. */
  requests: RecordedRequest[];
  /** Every custom action call, in the order received, with its start, end, status and whether another was in progress meanwhile. */
  actionCalls: readonly ActionCall[];
  /** Forgets the requests and the action calls received so far. */
  clearRequests(): void;
  /** Current rows of a type (after changes), in order. */
  rows(typeId: string): AppDataRow[];
  /** Applies changes now (creates, updates, deletes), stamping each changed row with the current time; later delta answers include them. */
  change(changes: ScenarioChanges): void;
  /** Applies the scenario's next `steps` entry; false when none is left. */
  advance(): boolean;
  /** Injects a failure (same shape as a scenario `failures` entry). */
  fail(failure: ScenarioFailure): void;
  clearFailures(): void;
  /** POSTs the scenario event `name` (body and headers, signed unless it says `badSignature`) to `targetUrl`. */
  emitEvent(name: string, targetUrl: string): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

function listen(server: ReturnType<typeof createServer>, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

export async function startMockApp(options: MockAppOptions): Promise<MockApp> {
  const loaded = loadScenario(options.scenario);
  const log = options.log ?? (() => undefined);
  const host = options.host ?? '127.0.0.1';
  const server = createServer();
  const address = await listen(server, options.port ?? 0, host);
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
  const scenario = substituteUrl(loaded, url);
  const closing = new AbortController();
  const context = createContext(scenario, url, log, closing.signal);
  for (const failure of scenario.failures ?? []) inject(failure);
  const requests: RecordedRequest[] = [];
  const actionLog = new ActionLog();
  server.on('request', buildApp(context, { requests, actionLog, validateResponses: options.validateResponses ?? true }));
  let step = 0;

  function inject(failure: ScenarioFailure): void {
    if (failure.kind === 'expiredToken') context.accounts.expireAll();
    else context.failures.add(failure);
  }

  return {
    url,
    scenario,
    requests,
    actionCalls: actionLog.calls,
    clearRequests: () => {
      requests.length = 0;
      actionLog.clear();
    },
    rows: (typeId) => context.state.rows(typeId),
    change: (changes) => context.state.change(substituteUrl(checkChanges(changes), url)),
    advance: () => {
      const next = scenario.steps?.[step];
      if (!next) return false;
      context.state.change(next.changes);
      step += 1;
      return true;
    },
    fail: (failure) => inject(checkFailure(failure, scenario)),
    clearFailures: () => context.failures.clear(),
    emitEvent: async (name, targetUrl) => {
      const event = scenario.events?.find((e) => e.name === name);
      if (!event || !scenario.webhooks) throw new Error(`mock app: the scenario has no event "${name}" (it has ${(scenario.events ?? []).map((e) => e.name).join(', ') || 'none'})`);
      return sendEvent(event, scenario.webhooks, targetUrl);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        closing.abort();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
