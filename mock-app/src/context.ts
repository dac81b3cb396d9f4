// What the route modules of the mock app share: the scenario (with `{{url}}` substituted), the
// data state, failures, accounts, OAuth flows, files and webhook registrations.
import { setTimeout as sleep } from 'node:timers/promises';
import { AccountBook } from './accounts.js';
import type { AppWebhookRegistration } from './contract.js';
import { FailureBook } from './failures.js';
import { FileStore } from './files.js';
import { OAuthFlows } from './oauth.js';
import { keyFields } from './scenario-rules.js';
import type { Scenario } from './scenario-types.js';
import { DataState } from './state.js';

export interface MockContext {
  /** Base address, no trailing slash. */
  url: string;
  scenario: Scenario;
  state: DataState;
  failures: FailureBook;
  accounts: AccountBook;
  oauth: OAuthFlows;
  files: FileStore;
  /** Webhook registrations answered by `webhooks`, by id. */
  registrations: Map<string, AppWebhookRegistration>;
  log: (message: string) => void;
  /** Waits `ms` (cut short when the app closes). */
  delay: (ms: number) => Promise<void>;
}

/** Builds the context of a scenario whose `{{url}}` placeholders are already substituted. */
export function createContext(scenario: Scenario, url: string, log: (message: string) => void, signal: AbortSignal): MockContext {
  const accounts = new AccountBook(scenario.accountTypes);
  const failures = new FailureBook();
  const context: MockContext = {
    url,
    scenario,
    state: new DataState({
      keyFields: keyFields(scenario),
      rows: Object.fromEntries(Object.entries(scenario.data ?? {}).map(([type, data]) => [type, data.rows])),
    }),
    failures,
    accounts,
    oauth: new OAuthFlows(url, accounts),
    files: new FileStore(scenario.files ?? {}, url),
    registrations: new Map(),
    log,
    delay: (ms) => sleep(ms, undefined, { signal }),
  };
  return context;
}
