/**
 * Every server fault, one per file: each breaks one requirement of the service by changing what
 * goes through the fault proxy in front of the reference server (conformance/test/faults-server.test.ts
 * runs the suite against each and expects it to be detected).
 */
import type { Fault } from '../fault.js';
import authBearerRefused from './auth-bearer-refused.js';
import authErrorRenamed from './auth-error-renamed.js';
import authValidateOnce from './auth-validate-once.js';
import authWrongTokenAccepted from './auth-wrong-token-accepted.js';
import accessReaderWrites from './access-reader-writes.js';
import accessEditorChangesSchema from './access-editor-changes-schema.js';
import accessBatchFirstCommand from './access-batch-first-command.js';
import accessArrayRefusedWhole from './access-array-refused-whole.js';
import envelopeArrayAsObject from './envelope-array-as-object.js';
import envelopeSuccessOnError from './envelope-success-on-error.js';
import error500StackTrace from './error-500-stack-trace.js';
import errorWithoutData from './error-without-data.js';
import createIgnoresClientId from './create-ignores-client-id.js';
import createNoModificationDate from './create-no-modification-date.js';
import updateDropsModificationDate from './update-drops-modification-date.js';
import batchResultsReversed from './batch-results-reversed.js';
import batchDeleteSkipsUnknown from './batch-delete-skips-unknown.js';
import upsertSkipAsUpdate from './upsert-skip-as-update.js';
import queryDefaultOrderReversed from './query-default-order-reversed.js';
import queryEmptyCollectionNull from './query-empty-collection-null.js';
import queryLimitNotRequired from './query-limit-not-required.js';
import { queryRewriteFaults } from './query-rewrites.js';
import valueFractionRounded from './value-fraction-rounded.js';
import pageDropLast from './page-drop-last.js';
import pageReordered from './page-reordered.js';
import cursorGtAsGte from './cursor-gt-as-gte.js';
import subselectLimitOffByOne from './subselect-limit-off-by-one.js';
import noLimitIgnored from './no-limit-ignored.js';
import schemaMissingNewType from './schema-missing-new-type.js';
import schemaNoUserType from './schema-no-user-type.js';
import schemaRelationIdsDiffer from './schema-relation-ids-differ.js';
import documentLimitsIgnored from './document-limits-ignored.js';
import documentDefaultFormatHtml from './document-default-format-html.js';
import documentFormatIgnored from './document-format-ignored.js';
import documentHtmlDropsStrike from './document-html-drops-strike.js';
import documentNotFoundAsEmpty from './document-not-found-as-empty.js';
import documentScriptKept from './document-script-kept.js';
import documentTooLargeAccepted from './document-too-large-accepted.js';
import getDocumentsReordered from './get-documents-reordered.js';
import webhookBadSignature from './webhook-bad-signature.js';
import webhookClearedValuesBefore from './webhook-cleared-values-before.js';
import webhookDeliveriesSwapped from './webhook-deliveries-swapped.js';
import webhookDuplicateDelivery from './webhook-duplicate-delivery.js';
import webhookNoValuesBefore from './webhook-no-values-before.js';
import webhookRetryNewId from './webhook-retry-new-id.js';
import webhookRuns51 from './webhook-runs-51.js';
import webhookSecretListed from './webhook-secret-listed.js';
import webhookEmbeddedIpv4Called from './webhook-embedded-ipv4-called.js';
import webhookNoResponseStatus from './webhook-no-response-status.js';
import webhookRedirectIsSuccess from './webhook-redirect-is-success.js';
import webhookSkipRetry from './webhook-skip-retry.js';
import webhookStaleCorrelationId from './webhook-stale-correlation-id.js';
import graphqlAliasDropped from './graphql-alias-dropped.js';
import graphqlBadQuery200 from './graphql-bad-query-200.js';
import graphqlDefaultLimit99 from './graphql-default-limit-99.js';
import graphqlGteAsGt from './graphql-gte-as-gt.js';
import graphqlLimitIgnored from './graphql-limit-ignored.js';
import graphqlMultiSelectNonNull from './graphql-multi-select-non-null.js';
import graphqlOffsetIgnored from './graphql-offset-ignored.js';
import syncDropsRowField from './sync-drops-row-field.js';
import syncFirstPageOnly from './sync-first-page-only.js';
import actionFailureIgnored from './action-failure-ignored.js';
import syncFullAsDelta from './sync-full-as-delta.js';
import syncIgnoresRemove from './sync-ignores-remove.js';
import syncNoLastSynchronizedAt from './sync-no-last-synchronized-at.js';
import syncPageEndRemoveIgnored from './sync-page-end-remove-ignored.js';
import syncTryLaterIgnored from './sync-try-later-ignored.js';
import syncTryLaterStepLate from './sync-try-later-step-late.js';
import accountRefusalIgnored from './account-refusal-ignored.js';
import unknownRouteHtml from './unknown-route-html.js';

export const serverFaults: readonly Fault[] = [
  authBearerRefused,
  authErrorRenamed,
  authValidateOnce,
  authWrongTokenAccepted,
  accessReaderWrites,
  accessEditorChangesSchema,
  accessBatchFirstCommand,
  accessArrayRefusedWhole,
  envelopeArrayAsObject,
  envelopeSuccessOnError,
  error500StackTrace,
  errorWithoutData,
  createIgnoresClientId,
  createNoModificationDate,
  updateDropsModificationDate,
  batchResultsReversed,
  batchDeleteSkipsUnknown,
  upsertSkipAsUpdate,
  queryDefaultOrderReversed,
  queryEmptyCollectionNull,
  queryLimitNotRequired,
  ...queryRewriteFaults,
  valueFractionRounded,
  pageDropLast,
  pageReordered,
  cursorGtAsGte,
  subselectLimitOffByOne,
  noLimitIgnored,
  schemaMissingNewType,
  schemaNoUserType,
  schemaRelationIdsDiffer,
  documentLimitsIgnored,
  documentDefaultFormatHtml,
  documentFormatIgnored,
  documentHtmlDropsStrike,
  documentNotFoundAsEmpty,
  documentScriptKept,
  documentTooLargeAccepted,
  getDocumentsReordered,
  webhookBadSignature,
  webhookClearedValuesBefore,
  webhookDeliveriesSwapped,
  webhookDuplicateDelivery,
  webhookNoValuesBefore,
  webhookRetryNewId,
  webhookRuns51,
  webhookSecretListed,
  webhookEmbeddedIpv4Called,
  webhookNoResponseStatus,
  webhookRedirectIsSuccess,
  webhookSkipRetry,
  webhookStaleCorrelationId,
  graphqlAliasDropped,
  graphqlBadQuery200,
  graphqlDefaultLimit99,
  graphqlGteAsGt,
  graphqlLimitIgnored,
  graphqlMultiSelectNonNull,
  graphqlOffsetIgnored,
  syncDropsRowField,
  syncFirstPageOnly,
  actionFailureIgnored,
  syncFullAsDelta,
  syncIgnoresRemove,
  syncNoLastSynchronizedAt,
  syncPageEndRemoveIgnored,
  syncTryLaterIgnored,
  syncTryLaterStepLate,
  accountRefusalIgnored,
  unknownRouteHtml,
];
