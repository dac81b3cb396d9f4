/**
 * The faults of an integration app (target app): each placed by the fault-injecting proxy in
 * front of an app (the mock app of mock-app/ in the tests) and breaking one requirement of the
 * app contract (spec/app.openapi.yaml), in the order of the app checks that detect them. One
 * fault per file in this folder; support.ts is what they share.
 */
import type { Fault } from '../fault.js';
import actionAnswerNotObject from './action-answer-not-object.js';
import authEmpty from './auth-empty.js';
import authEmptyFields from './auth-empty-fields.js';
import authFieldWithoutTitle from './auth-field-without-title.js';
import authOauthIdVariant from './auth-oauth-id-variant.js';
import authOauthTwice from './auth-oauth-twice.js';
import configDuplicateType from './config-duplicate-type.js';
import configFiltersObject from './config-filters-object.js';
import configNeedsAccount from './config-needs-account.js';
import configWebhooksType from './config-webhooks-type.js';
import dataBadSyncType from './data-bad-sync-type.js';
import dataBarePages from './data-bare-pages.js';
import dataEndlessPages from './data-endless-pages.js';
import dataErrorAsText from './data-error-as-text.js';
import dataHasNextWithoutConfig from './data-has-next-without-config.js';
import dataNumberAsWord from './data-number-as-word.js';
import dataRowWithoutKey from './data-row-without-key.js';
import dataWithoutItems from './data-without-items.js';
import datalistBareArray from './datalist-bare-array.js';
import deleteAccountFails from './delete-account-fails.js';
import deltaWithoutSyncAction from './delta-without-sync-action.js';
import filterValidateEmptyCrashes from './filter-validate-empty-crashes.js';
import filterValidateRefusalWithoutMessage from './filter-validate-refusal-without-message.js';
import fullSyncUnstable from './full-sync-unstable.js';
import infoVersionNumber from './info-version-number.js';
import infoWithoutResponsibleFor from './info-without-responsible-for.js';
import logoAsHtml from './logo-as-html.js';
import oauthAcceptsMadeUpCode from './oauth-accepts-made-up-code.js';
import oauthAccessTokenUnusable from './oauth-access-token-unusable.js';
import oauth1DropsState from './oauth1-drops-state.js';
import oauth1WithoutToken from './oauth1-without-token.js';
import oauth2DropsState from './oauth2-drops-state.js';
import preProcessAcceptsForged from './pre-process-accepts-forged.js';
import preProcessWithoutWorkspaceIds from './pre-process-without-workspace-ids.js';
import resourceNotServed from './resource-not-served.js';
import schemaBadCardinality from './schema-bad-cardinality.js';
import schemaFieldsAsArray from './schema-fields-as-array.js';
import schemaRelationMissingTarget from './schema-relation-missing-target.js';
import schemaSubtypeMismatch from './schema-subtype-mismatch.js';
import schemaUnknownFieldType from './schema-unknown-field-type.js';
import schemaWithoutNameField from './schema-without-name-field.js';
import transformWithoutSyncAction from './transform-without-sync-action.js';
import validateAcceptsBadToken from './validate-accepts-bad-token.js';
import validateEmptyName from './validate-empty-name.js';
import validateRefreshWithoutExpiry from './validate-refresh-without-expiry.js';
import webhooksReinstallFails from './webhooks-reinstall-fails.js';
import webhooksWithoutWorkspaceId from './webhooks-without-workspace-id.js';
import workflowOptionType from './workflow-option-type.js';
import workflowWithoutDefault from './workflow-without-default.js';
import workflowWithoutFinal from './workflow-without-final.js';

export const appFaults: readonly Fault[] = [
  infoWithoutResponsibleFor,
  infoVersionNumber,
  authEmpty,
  authFieldWithoutTitle,
  authEmptyFields,
  authOauthIdVariant,
  authOauthTwice,
  validateEmptyName,
  validateAcceptsBadToken,
  configNeedsAccount,
  configDuplicateType,
  configFiltersObject,
  configWebhooksType,
  schemaSubtypeMismatch,
  schemaUnknownFieldType,
  schemaRelationMissingTarget,
  schemaBadCardinality,
  schemaFieldsAsArray,
  schemaWithoutNameField,
  workflowWithoutDefault,
  workflowWithoutFinal,
  workflowOptionType,
  dataWithoutItems,
  dataEndlessPages,
  dataHasNextWithoutConfig,
  dataBadSyncType,
  dataRowWithoutKey,
  dataNumberAsWord,
  deltaWithoutSyncAction,
  dataErrorAsText,
  dataBarePages,
  fullSyncUnstable,
  resourceNotServed,
  datalistBareArray,
  filterValidateEmptyCrashes,
  filterValidateRefusalWithoutMessage,
  logoAsHtml,
  oauth2DropsState,
  oauth1WithoutToken,
  oauth1DropsState,
  oauthAcceptsMadeUpCode,
  oauthAccessTokenUnusable,
  webhooksWithoutWorkspaceId,
  webhooksReinstallFails,
  preProcessAcceptsForged,
  preProcessWithoutWorkspaceIds,
  transformWithoutSyncAction,
  actionAnswerNotObject,
  validateRefreshWithoutExpiry,
  deleteAccountFails,
];
