// The scenario format of the mock integration app, as TypeScript types. Its JSON Schema (the
// authority for validation, with each field described) is mock-app/scenario.schema.json; the
// pieces the contract defines are the generated types of spec/app.openapi.yaml.
import type { AppDataRow, AppFilter, AppSchema, AppSchemas, AppType, AuthenticationEntry, DatalistItem } from './contract.js';

export type { AppDataRow } from './contract.js';

export interface ScenarioApp {
  name: string;
  version: string;
  website: string;
  description: string;
  /** Extra keys of the app information (`id`, `type`, `actions` ...). */
  extra?: Record<string, unknown>;
}

export type ScenarioLogo = { kind: 'svg'; svg?: string } | { kind: 'none' } | { kind: 'redirect'; url: string };

export interface ScenarioAccount {
  /** The friendly name `/validate` answers. */
  name: string;
  /** Field values the account must hold. */
  fields: Record<string, unknown>;
}

export interface ScenarioOAuth {
  accountName?: string;
  tokenLifetimeSeconds?: number;
  rotateRefreshToken?: boolean;
}

export interface ScenarioAccountType extends AuthenticationEntry {
  validAccounts?: ScenarioAccount[];
  oauth?: ScenarioOAuth;
}

export interface ScenarioAccountDeletion {
  status?: number;
  message?: string;
}

export interface ScenarioDatalist {
  items?: DatalistItem[];
  byDependsOn?: { when: Record<string, unknown>; items: DatalistItem[] }[];
}

export interface ScenarioFilterRule {
  filter: string;
  refuse?: unknown[];
  pattern?: string;
  message: string;
}

export interface ScenarioWebhooks {
  enabled: boolean;
  secret: string;
  workspaceId: string;
  signatureHeader?: string;
}

export interface ScenarioTypeData {
  pageSize?: number;
  supportsDelta?: boolean;
  rows: AppDataRow[];
}

export interface TypeChanges {
  create?: AppDataRow[];
  /** Partial rows, matched by key. */
  update?: AppDataRow[];
  /** Keys. */
  delete?: (string | number)[];
}

/** Type id to the changes of its rows. */
export type ScenarioChanges = Record<string, TypeChanges>;

export interface ScenarioStep {
  name?: string;
  changes: ScenarioChanges;
}

export interface ScenarioEvent {
  name: string;
  headers?: Record<string, string>;
  body: unknown;
  workspaceIds?: string[];
  /** Type id to rows carrying `__syncAction`. */
  transform?: Record<string, AppDataRow[]>;
  badSignature?: boolean;
}

export interface ScenarioFile {
  contentType?: string;
  content?: string;
  base64?: string;
  id?: string;
}

/**
 * A custom action of the app: the spec's AppAction as `GET /` lists it (`{action, name,
 * description?, args}`, the public API's form) plus how the mock's external system runs it
 * (`POST /api/v1/automations/action/execute`): the value of the arg `keyArg` names the row (a row
 * key of one of `types`), `set` is merged into that row when the action is done; it fails with
 * `failStatus` `{message: failMessage}` for the keys in `failKeys`; each call takes `delayMs`.
 */
export interface ScenarioAction {
  /** The action id. */
  action: string;
  name: string;
  description?: string;
  /** The action's args, listed as they are (absent: none). */
  args?: AppSchemas['AppActionArg'][];
  /** The arg whose value is the key of the row the action works on (absent: it works on no row). */
  keyArg?: string;
  /** Type ids whose rows `keyArg` may name (absent: every type), looked in in this order. */
  types?: string[];
  /** Field values merged into the row when the action is done. */
  set?: Record<string, unknown>;
  /** Row keys (as text) the action fails for. */
  failKeys?: string[];
  /** Status of a failure (default 409). */
  failStatus?: number;
  failMessage?: string;
  /** How long each call takes before it answers (default 0). */
  delayMs?: number;
}

export const FAILURE_ENDPOINTS = [
  'info',
  'logo',
  'validate',
  'account-delete',
  'config',
  'schema',
  'data',
  'datalist',
  'filter-validate',
  'resource',
  'webhooks',
  'pre-process',
  'transform',
  'action',
  'oauth1-authorize',
  'oauth1-access-token',
  'oauth2-authorize',
  'oauth2-access-token',
] as const;
export type FailureEndpoint = (typeof FAILURE_ENDPOINTS)[number];

export const FAILURE_KINDS = ['tryLater', 'error', 'errorField', 'slow', 'garbage', 'invalidRow', 'endlessHasNext', 'endlessPages', 'hugePage', 'expiredToken'] as const;
export type FailureKind = (typeof FAILURE_KINDS)[number];

export interface ScenarioFailure {
  /** Absent only for `expiredToken`. */
  endpoint?: FailureEndpoint;
  kind: FailureKind;
  type?: string;
  /** 0-based page of a data request. */
  page?: number;
  /** Default 1 (`endlessHasNext`, `endlessPages`: -1); -1 is every time. */
  times?: number;
  status?: number;
  message?: string;
  delayMs?: number;
  /** `hugePage`: rows in the page (default 20,000). */
  rows?: number;
  /** `invalidRow`: the row added to the page. */
  row?: Record<string, unknown>;
}

export interface Scenario {
  $schema?: string;
  description?: string;
  app: ScenarioApp;
  logo?: ScenarioLogo;
  accountTypes: ScenarioAccountType[];
  accountDeletion?: ScenarioAccountDeletion;
  types: AppType[];
  filters?: AppFilter[];
  datalists?: Record<string, ScenarioDatalist>;
  filterRules?: ScenarioFilterRule[];
  webhooks?: ScenarioWebhooks;
  schema: AppSchema;
  data?: Record<string, ScenarioTypeData>;
  steps?: ScenarioStep[];
  events?: ScenarioEvent[];
  files?: Record<string, ScenarioFile>;
  /** Custom actions; when given they replace any `app.extra.actions` in the app information. */
  actions?: ScenarioAction[];
  failures?: ScenarioFailure[];
}
