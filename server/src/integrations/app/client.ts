// The server's client of one integration app (spec/app.openapi.yaml). Every call is bounded
// (settings.timeoutMs on the whole exchange, settings.maxResponseBytes on the answer), follows no
// redirect, goes only to addresses the policy allows, sends JSON bodies with
// `Content-Type: application/json` (APP-016), and checks a 2xx answer against the contract's
// response schema (unknown extra keys are ignored, APP-077). Failures are AppCallErrors whose
// `data.operation` names the endpoint: info, validate, config, schema, data, datalist,
// filter/validate, resource, webhooks, webhooks/pre-process, webhooks/transform, action (a custom
// action, `POST /api/v1/automations/action/execute`, for one Entity), account (the DELETE clean-up), oauth1/authorize, oauth1/access_token,
// oauth2/authorize, oauth2/access_token.
import type { components } from '../../../../generated/app/types.js';
import type { TargetPolicy } from '../../webhooks/target-policy.js';
import type { IntegrationSettings } from '../settings.js';
import type {
  AppConfig,
  AppDataRequest,
  AppDataResponse,
  AppInformation,
  AppSchema,
  AppTransformResponse,
  AppValidateResponse,
  AppWebhookRegistration,
} from '../types.js';
import { tolerate } from './deviations.js';
import { contractProblem, type AppSchemaName } from './contract.js';
import { AppCallError, clip, readErrorBody } from './errors.js';
import { exchange, ExchangeError, type ExchangeResponse } from '../../outbound/http-exchange.js';

type S = components['schemas'];
export type Account = S['Account'];
export type ValidateRequest = S['ValidateRequest'];
export type ConfigRequest = S['ConfigRequest'];
export type SchemaRequest = S['SchemaRequest'];
export type DatalistRequest = S['DatalistRequest'];
export type DatalistResponse = S['DatalistResponse'];
export type FilterValidateRequest = S['FilterValidateRequest'];
export type ResourceRequest = S['ResourceRequest'];
export type WebhookInstallRequest = S['WebhookInstallRequest'];
export type PreProcessResponse = S['PreProcessResponse'];
export type TransformRequest = S['TransformRequest'];
export type ActionExecuteRequest = S['ActionExecuteRequest'];
export type OAuth1AuthorizeRequest = S['OAuth1AuthorizeRequest'];
export type OAuth1AuthorizeResponse = S['OAuth1AuthorizeResponse'];
export type OAuth1AccessTokenRequest = S['OAuth1AccessTokenRequest'];
export type OAuth2AuthorizeRequest = S['OAuth2AuthorizeRequest'];
export type OAuth2AuthorizeResponse = S['OAuth2AuthorizeResponse'];
export type OAuth2AccessTokenRequest = S['OAuth2AccessTokenRequest'];
export type OAuthAccessTokenResponse = S['OAuthAccessTokenResponse'];

export interface AppClientOptions {
  /** Addresses the app may be at (absent: public addresses only). */
  policy?: TargetPolicy;
  settings: IntegrationSettings;
  /** Cancels calls under way (server closing). */
  signal?: AbortSignal;
}

export interface AppClient {
  readonly appUrl: string;
  /** `GET /`, with the deviations the service tolerated in it (deviations.ts). */
  info(): Promise<AppInformation>;
  /** `GET /` and the warnings of the deviations tolerated in it (deviations.ts), for the account to show. */
  infoWithWarnings(): Promise<{ info: AppInformation; warnings: string[] }>;
  /** `POST /validate`; a 401 is `integration.error/account-invalid` with the app's message (APP-ERR-001). */
  validate(body: ValidateRequest): Promise<AppValidateResponse>;
  config(body: ConfigRequest): Promise<AppConfig>;
  schema(body: SchemaRequest): Promise<AppSchema>;
  /** `schema` and the warnings of the deviations tolerated in it (deviations.ts), for the run to show. */
  schemaWithWarnings(body: SchemaRequest): Promise<{ schema: AppSchema; warnings: string[] }>;
  /** The caller supplies `operationId` (APP-078). */
  data(body: AppDataRequest): Promise<AppDataResponse>;
  datalist(body: DatalistRequest): Promise<DatalistResponse>;
  /** 2xx: valid; 400: `integration.error/filter-invalid` with the app's message; 404/405: the app has no such endpoint. */
  validateFilter(body: FilterValidateRequest): Promise<'valid' | 'not-implemented'>;
  /** The file content (at most `maxBytes`) and its content type. */
  resource(body: ResourceRequest, maxBytes: number): Promise<{ contentType: string; bytes: Buffer }>;
  installWebhook(body: WebhookInstallRequest): Promise<AppWebhookRegistration>;
  /**
   * Passes an event on unchanged (the bytes, and the headers given). The app's status comes back
   * as it is; `body` is its answer (for an error status, `{reply, workspaceIds: []}` when it sent
   * a `reply`, else undefined).
   */
  preProcess(raw: Buffer, headers: Record<string, string>): Promise<{ status: number; body: PreProcessResponse | undefined }>;
  transform(body: TransformRequest): Promise<AppTransformResponse>;
  /**
   * `POST /api/v1/automations/action/execute`: one custom action, `{action: {action, args},
   * account}` (called once per Entity). Any 2xx is done (the answer's `message`, when it is a JSON
   * object with one, comes back; any other 2xx body is taken as `{}`); anything else throws.
   */
  action(body: ActionExecuteRequest): Promise<{ message?: string }>;
  /** `DELETE /api/v1/account` (APP-072/073); 404/405: not implemented; any other failure: `integration.error/account-cleanup-failed`. */
  deleteAccount(account: Account): Promise<'deleted' | 'not-implemented'>;
  /** GET /logo: an SVG, a redirect to the logo's address, or none (204, an error, anything else: APP-ERR-007). */
  logo(): Promise<AppLogo>;
  oauth1Authorize(body: OAuth1AuthorizeRequest): Promise<OAuth1AuthorizeResponse>;
  oauth1AccessToken(body: OAuth1AccessTokenRequest): Promise<OAuthAccessTokenResponse>;
  oauth2Authorize(body: OAuth2AuthorizeRequest): Promise<OAuth2AuthorizeResponse>;
  oauth2AccessToken(body: OAuth2AccessTokenRequest): Promise<OAuthAccessTokenResponse>;
}

const USER_AGENT = 'svc-kit-integrations/1';

/** Largest logo read (an SVG icon). */
const MAX_LOGO_BYTES = 256 * 1024;

export type AppLogo = { kind: 'svg'; svg: Buffer } | { kind: 'redirect'; location: string } | { kind: 'none' };
const SYNCHRONIZER = '/api/v1/synchronizer';
/** The custom action endpoint (the public API's External actions API). */
const ACTION_EXECUTE = '/api/v1/automations/action/execute';

function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

function isRedirect(status: number): boolean {
  return status >= 300 && status < 400;
}

export function createAppClient(appUrl: string, options: AppClientOptions): AppClient {
  const base = appUrl.replace(/\/+$/, '');
  const { settings } = options;

  const urlOf = (operation: string, path: string): URL => {
    try {
      return new URL(base + path);
    } catch {
      throw new AppCallError({ operation, message: `The app address ${JSON.stringify(clip(appUrl, 200))} is not a valid URL.` });
    }
  };

  /** One exchange; transport failures become AppCallErrors (named `failureName` when given). */
  async function send(
    operation: string,
    request: { method: 'GET' | 'POST' | 'DELETE'; path: string; body?: Buffer; headers?: Record<string, string> },
    maxBytes = settings.maxResponseBytes,
    failureName?: AppCallError['name'],
  ): Promise<ExchangeResponse> {
    const url = urlOf(operation, request.path);
    try {
      return await exchange({ method: request.method, url, headers: request.headers, body: request.body }, { policy: options.policy, timeoutMs: settings.timeoutMs, maxBytes, signal: options.signal });
    } catch (error) {
      if (!(error instanceof ExchangeError)) throw error;
      const message =
        error.kind === 'too-large'
          ? `The app's answer to ${operation} exceeds ${maxBytes} bytes.`
          : error.kind === 'timeout'
            ? `The app did not answer ${operation} within ${settings.timeoutMs} ms.`
            : error.kind === 'refused'
              ? `The app is not called for ${operation}: ${error.message}`
              : `The app could not be reached for ${operation}: ${error.message}`;
      throw new AppCallError({ operation, message, name: failureName });
    }
  }

  const jsonHeaders = (withBody: boolean): Record<string, string> => ({
    accept: 'application/json',
    'user-agent': USER_AGENT,
    ...(withBody ? { 'content-type': 'application/json' } : {}),
  });

  /** The AppCallError of a non-2xx answer: the app's message (or error), its status, tryLater. */
  function statusError(operation: string, response: ExchangeResponse, name?: AppCallError['name'], prefix?: string): AppCallError {
    const { status } = response;
    if (isRedirect(status)) {
      const location = typeof response.headers.location === 'string' ? ` to ${clip(response.headers.location, 300)}` : '';
      return new AppCallError({ operation, name, appStatus: status, message: `The app answered ${operation} with a redirect (HTTP ${status}${location}), which is not followed.` });
    }
    const { message, tryLater } = readErrorBody(response.body);
    const text = message === undefined ? `The app answered ${operation} with HTTP ${status} and no message.` : `${prefix ?? `The app answered ${operation} with HTTP ${status}:`} ${message}`;
    return new AppCallError({ operation, name, appStatus: status, appMessage: message, tryLater, message: text });
  }

  function parseJson(operation: string, response: ExchangeResponse): unknown {
    const text = response.body.toString('utf8');
    try {
      return JSON.parse(text) as unknown;
    } catch {
      const shown = text.trim() === '' ? 'an empty body' : JSON.stringify(clip(text.trim(), 80));
      throw new AppCallError({ operation, appStatus: response.status, message: `The app's answer to ${operation} is not valid JSON (got ${shown}).` });
    }
  }

  /** `key` of the answer when it is a JSON object with one; undefined for any other body (an optional body). */
  function optionalField(response: ExchangeResponse, key: string): unknown {
    let parsed: unknown;
    try {
      parsed = JSON.parse(response.body.toString('utf8'));
    } catch {
      return undefined;
    }
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>)[key] : undefined;
  }

  /** The answer as `schemaName` (after the deviations the service tolerates, with their warnings), or an AppCallError naming the first problem. */
  function checked<T>(operation: string, schemaName: AppSchemaName, response: ExchangeResponse): { value: T; warnings: string[] } {
    const parsed = parseJson(operation, response);
    const problem = contractProblem(schemaName, parsed);
    if (problem === undefined) return { value: parsed as T, warnings: [] };
    // The first problem a tolerated deviation does not explain is the one to report.
    const tolerated = tolerate(schemaName, parsed);
    const remaining = tolerated.warnings.length > 0 ? contractProblem(schemaName, tolerated.checkedAs ?? tolerated.value) : problem;
    if (remaining === undefined) return { value: tolerated.value as T, warnings: tolerated.warnings };
    throw new AppCallError({ operation, appStatus: response.status, message: `The app's answer to ${operation} does not match the app contract (${schemaName}): ${remaining}.` });
  }

  /** A JSON call whose 2xx answer must match `schemaName`, with the warnings of the deviations tolerated in it. */
  async function callWithWarnings<T>(operation: string, method: 'GET' | 'POST', path: string, body: unknown, schemaName: AppSchemaName, on401?: AppCallError['name']): Promise<{ value: T; warnings: string[] }> {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const response = await send(operation, { method, path, body: payload, headers: jsonHeaders(payload !== undefined) });
    if (!isSuccess(response.status)) {
      if (response.status === 401 && on401 === 'integration.error/account-invalid') throw statusError(operation, response, on401, 'The app refused the account:');
      throw statusError(operation, response);
    }
    return checked<T>(operation, schemaName, response);
  }

  /** A JSON call whose 2xx answer must match `schemaName`. */
  async function call<T>(operation: string, method: 'GET' | 'POST', path: string, body: unknown, schemaName: AppSchemaName, on401?: AppCallError['name']): Promise<T> {
    return (await callWithWarnings<T>(operation, method, path, body, schemaName, on401)).value;
  }

  return {
    appUrl: base,
    info: () => call<AppInformation>('info', 'GET', '/', undefined, 'AppInformation'),
    infoWithWarnings: async () => {
      const { value, warnings } = await callWithWarnings<AppInformation>('info', 'GET', '/', undefined, 'AppInformation');
      return { info: value, warnings };
    },
    validate: (body) => call<AppValidateResponse>('validate', 'POST', '/validate', body, 'ValidateResponse', 'integration.error/account-invalid'),
    config: (body) => call<AppConfig>('config', 'POST', `${SYNCHRONIZER}/config`, body, 'ConfigResponse'),
    schema: (body) => call<AppSchema>('schema', 'POST', `${SYNCHRONIZER}/schema`, body, 'SchemaResponse'),
    schemaWithWarnings: async (body) => {
      const { value, warnings } = await callWithWarnings<AppSchema>('schema', 'POST', `${SYNCHRONIZER}/schema`, body, 'SchemaResponse');
      return { schema: value, warnings };
    },
    data: (body) => call<AppDataResponse>('data', 'POST', `${SYNCHRONIZER}/data`, body, 'DataResponse'),
    datalist: (body) => call<DatalistResponse>('datalist', 'POST', `${SYNCHRONIZER}/datalist`, body, 'DatalistResponse'),
    installWebhook: (body) => call<AppWebhookRegistration>('webhooks', 'POST', `${SYNCHRONIZER}/webhooks`, body, 'WebhookRegistration'),
    transform: (body) => call<AppTransformResponse>('webhooks/transform', 'POST', `${SYNCHRONIZER}/webhooks/transform`, body, 'TransformResponse'),
    oauth1Authorize: (body) => call<OAuth1AuthorizeResponse>('oauth1/authorize', 'POST', '/oauth1/v1/authorize', body, 'OAuth1AuthorizeResponse'),
    oauth1AccessToken: (body) => call<OAuthAccessTokenResponse>('oauth1/access_token', 'POST', '/oauth1/v1/access_token', body, 'OAuthAccessTokenResponse'),
    oauth2Authorize: (body) => call<OAuth2AuthorizeResponse>('oauth2/authorize', 'POST', '/oauth2/v1/authorize', body, 'OAuth2AuthorizeResponse'),
    oauth2AccessToken: (body) => call<OAuthAccessTokenResponse>('oauth2/access_token', 'POST', '/oauth2/v1/access_token', body, 'OAuthAccessTokenResponse'),

    async validateFilter(body) {
      const operation = 'filter/validate';
      const payload = Buffer.from(JSON.stringify(body));
      const response = await send(operation, { method: 'POST', path: `${SYNCHRONIZER}/filter/validate`, body: payload, headers: jsonHeaders(true) });
      if (isSuccess(response.status)) return 'valid';
      if (response.status === 404 || response.status === 405) return 'not-implemented';
      if (response.status === 400) {
        const { message } = readErrorBody(response.body);
        throw new AppCallError({
          operation,
          name: 'integration.error/filter-invalid',
          appStatus: 400,
          appMessage: message,
          data: { field: 'filter' },
          message: message === undefined ? 'The app refused the filter (HTTP 400, no message).' : `The app refused the filter: ${message}`,
        });
      }
      throw statusError(operation, response);
    },

    async resource(body, maxBytes) {
      const operation = 'resource';
      const payload = Buffer.from(JSON.stringify(body));
      const response = await send(operation, { method: 'POST', path: `${SYNCHRONIZER}/resource`, body: payload, headers: { ...jsonHeaders(true), accept: '*/*' } }, maxBytes);
      if (!isSuccess(response.status)) throw statusError(operation, response);
      const type = response.headers['content-type'];
      return { contentType: typeof type === 'string' && type.trim() !== '' ? type : 'application/octet-stream', bytes: response.body };
    },

    async preProcess(raw, headers) {
      const operation = 'webhooks/pre-process';
      const response = await send(operation, { method: 'POST', path: `${SYNCHRONIZER}/webhooks/pre-process`, body: raw, headers });
      const { status } = response;
      if (isRedirect(status) || status < 200 || status > 599) throw statusError(operation, response);
      if (isSuccess(status)) {
        if (response.body.length === 0) throw new AppCallError({ operation, appStatus: status, message: `The app's answer to ${operation} is empty; it must carry workspaceIds.` });
        return { status, body: checked<PreProcessResponse>(operation, 'PreProcessResponse', response).value };
      }
      // A refused event: the status is forwarded, with the app's `reply` when it sent one.
      const reply = optionalField(response, 'reply');
      return { status, body: reply === undefined ? undefined : { reply, workspaceIds: [] } };
    },

    async action(body) {
      const operation = 'action';
      const payload = Buffer.from(JSON.stringify(body));
      const response = await send(operation, { method: 'POST', path: ACTION_EXECUTE, body: payload, headers: jsonHeaders(true) });
      if (!isSuccess(response.status)) throw statusError(operation, response);
      // The body is optional: only a JSON object's `message` is kept.
      const message = optionalField(response, 'message');
      return typeof message === 'string' && message.trim() !== '' ? { message: clip(message.trim()) } : {};
    },

    async deleteAccount(account) {
      const operation = 'account';
      const failed: AppCallError['name'] = 'integration.error/account-cleanup-failed';
      const payload = Buffer.from(JSON.stringify(account));
      const response = await send(operation, { method: 'DELETE', path: '/api/v1/account', body: payload, headers: jsonHeaders(true) }, settings.maxResponseBytes, failed);
      if (isSuccess(response.status)) return 'deleted';
      if (response.status === 404 || response.status === 405) return 'not-implemented';
      throw statusError(operation, response, failed, `The app's account clean-up failed (HTTP ${response.status}):`);
    },
    async logo() {
      let response: ExchangeResponse;
      try {
        response = await send('logo', { method: 'GET', path: '/logo', headers: { accept: 'image/svg+xml', 'user-agent': USER_AGENT } }, MAX_LOGO_BYTES);
      } catch {
        return { kind: 'none' };
      }
      const type = String(response.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
      if (response.status === 200 && type === 'image/svg+xml' && response.body.includes('<svg')) return { kind: 'svg', svg: response.body };
      const location = response.headers.location;
      if ((response.status === 302 || response.status === 301 || response.status === 307 || response.status === 308) && typeof location === 'string') {
        try {
          const target = new URL(location, base + '/');
          if (target.protocol === 'http:' || target.protocol === 'https:') return { kind: 'redirect', location: target.href };
        } catch {
          return { kind: 'none' };
        }
      }
      return { kind: 'none' };
    },
  };
}
