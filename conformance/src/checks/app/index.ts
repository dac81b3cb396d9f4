/**
 * Checks of an integration app (spec/app.openapi.yaml), in run order: app information and
 * accounts, config and schema, data, the optional endpoints, OAuth, webhooks and inbound events,
 * token refresh, and last the account clean-up (which may revoke the account). One check per file in this folder; the other
 * modules are what they share (client, contract, account, session, pages, rows, values, ...).
 */
import type { Check } from '../../check.js';
import actions from './actions.js';
import authentication from './authentication.js';
import config from './config.js';
import dataDelta from './data-delta.js';
import dataEcho from './data-echo.js';
import dataErrorBody from './data-error-body.js';
import dataPagination from './data-pagination.js';
import dataRows from './data-rows.js';
import datalist from './datalist.js';
import deleteAccount from './delete-account.js';
import filterValidate from './filter-validate.js';
import fullSyncStable from './full-sync-stable.js';
import information from './information.js';
import logo from './logo.js';
import oauthAccessToken from './oauth-access-token.js';
import oauthAccessTokenRefused from './oauth-access-token-refused.js';
import oauth1Authorize from './oauth1-authorize.js';
import oauth1State from './oauth1-state.js';
import oauth2Authorize from './oauth2-authorize.js';
import preProcessAccepts from './pre-process-accepts.js';
import preProcessUnverified from './pre-process-unverified.js';
import resource from './resource.js';
import schema from './schema.js';
import schemaWorkflowOptions from './schema-workflow-options.js';
import transform from './transform.js';
import validateAccount from './validate-account.js';
import validateInvalidAccount from './validate-invalid-account.js';
import validateRefresh from './validate-refresh.js';
import webhooksInstall from './webhooks-install.js';

export const appChecks: readonly Check[] = [
  information,
  authentication,
  validateAccount,
  validateInvalidAccount,
  config,
  schema,
  schemaWorkflowOptions,
  dataPagination,
  dataRows,
  dataDelta,
  dataErrorBody,
  dataEcho,
  fullSyncStable,
  resource,
  datalist,
  filterValidate,
  logo,
  oauth2Authorize,
  oauth1Authorize,
  oauth1State,
  oauthAccessTokenRefused,
  oauthAccessToken,
  webhooksInstall,
  preProcessUnverified,
  preProcessAccepts,
  transform,
  // Custom actions may change the external system (run only with --destructive): after the reads.
  actions,
  // Token refresh may use up the run's refresh token at an app that rotates them: late.
  validateRefresh,
  deleteAccount,
];

/**
 * The app checks that need no working account: the app information, the logo, the OAuth steps
 * (they make their own account) and inbound events (pre-process, with the recorded event). Every
 * other app check reads config, schema or data, or validates, with the run's account: with
 * `--offline-account` (an account the app cannot validate now, or none) only these run, the
 * others are skipped naming why. A new check needs an account unless it is added here;
 * conformance/test/preflight-app.test.ts keeps this in step with the checks that start a session.
 */
export const ACCOUNT_FREE_CHECKS: ReadonlySet<string> = new Set(
  [information, authentication, logo, oauth2Authorize, oauth1Authorize, oauth1State, oauthAccessTokenRefused, oauthAccessToken, preProcessUnverified, preProcessAccepts].map((c) => c.id),
);

/** Whether an app check needs a working account (the run's `--account`, accepted by POST /validate). */
export function needsAccount(check: Pick<Check, 'id'>): boolean {
  return !ACCOUNT_FREE_CHECKS.has(check.id);
}
