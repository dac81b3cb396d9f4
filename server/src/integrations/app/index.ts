// The server's client of integration apps: bounded calls checked against spec/app.openapi.yaml.
export {
  createAppClient,
  type Account,
  type ActionExecuteRequest,
  type AppClient,
  type AppClientOptions,
  type ConfigRequest,
  type DatalistRequest,
  type DatalistResponse,
  type FilterValidateRequest,
  type OAuthAccessTokenResponse,
  type PreProcessResponse,
  type ResourceRequest,
  type SchemaRequest,
  type TransformRequest,
  type ValidateRequest,
  type WebhookInstallRequest,
} from './client.js';
export { AppCallError, type AppCallErrorInit } from './errors.js';
export { contractProblem, APP_SPEC_PATH } from './contract.js';
export { exchange, ExchangeError, type ExchangeRequest, type ExchangeResponse, type ExchangeOptions } from '../../outbound/http-exchange.js';
export { checkAppUrl } from './url-check.js';
