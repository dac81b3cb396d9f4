/**
 * Every check of the suite. Server checks live in ./server, one per file;
 * add a new check by importing it here. App checks live in ./app.
 */
import type { Check } from '../check.js';
import authBearerScheme from './server/auth-bearer-scheme.js';
import authMissingToken from './server/auth-missing-token.js';
import authWrongToken from './server/auth-wrong-token.js';
import authWebhooksNeedArchitect from './server/auth-webhooks-need-architect.js';
import authAccessLevels from './server/auth-access-levels.js';
import commandAddCollectionItems from './server/command-add-collection-items.js';
import commandBadInput from './server/command-bad-input.js';
import commandBadInputRefused from './server/command-bad-input-refused.js';
import commandBatchAtomic from './server/command-batch-atomic.js';
import commandBatchCreateRun from './server/command-batch-create-run.js';
import commandBatchCreateRunFailure from './server/command-batch-create-run-failure.js';
import commandBatchInOrder from './server/command-batch-in-order.js';
import commandCreateClientId from './server/command-create-client-id.js';
import commandCreateSystemFields from './server/command-create-system-fields.js';
import commandDelete from './server/command-delete.js';
import commandModelContract from './server/command-model-contract.js';
import commandModelFull from './server/command-model-full.js';
import commandRemoveCollectionItems from './server/command-remove-collection-items.js';
import commandUpdateModificationDate from './server/command-update-modification-date.js';
import commandUpdatePartial from './server/command-update-partial.js';
import commandValuesAtEdges from './server/command-values-at-edges.js';
import commandReadonlyFields from './server/command-readonly-fields.js';
import commandEntityBatchCreate from './server/command-entity-batch-create.js';
import commandEntityBatchDelete from './server/command-entity-batch-delete.js';
import commandEntityBatchUpsert from './server/command-entity-batch-upsert.js';
import commandEntityBatchConflictField from './server/command-entity-batch-conflict-field.js';
import commandCollectionItemsCompact from './server/command-collection-items-compact.js';
import commandDecimalStrings from './server/command-decimal-strings.js';
import schemaRefusedOperations from './server/schema-refused-operations.js';
import schemaMixins from './server/schema-mixins.js';
import schemaDeleteKeepsOthers from './server/schema-delete-keeps-others.js';
import schemaDeleteFlags from './server/schema-delete-flags.js';
import queryRangeEnds from './server/query-range-ends.js';
import queryAggregates from './server/query-aggregates.js';
import schemaRankOnCreate from './server/schema-rank-on-create.js';
import schemaJsonValueField from './server/schema-json-value-field.js';
import envelopeArgsMustBeObject from './server/envelope-args-must-be-object.js';
import envelopeArrayInArrayOut from './server/envelope-array-in-array-out.js';
import envelopeMalformedJson from './server/envelope-malformed-json.js';
import envelopeNotACommand from './server/envelope-not-a-command.js';
import envelopeObjectInObjectOut from './server/envelope-object-in-object-out.js';
import envelopeParamsMustBeObject from './server/envelope-params-must-be-object.js';
import errorsUnknownType from './server/errors-unknown-type.js';
import pagingCursorRule from './server/paging-cursor-rule.js';
import queryCollectionsEmptyArray from './server/query-collections-empty-array.js';
import queryDefaultOrder from './server/query-default-order.js';
import queryLimitRequired from './server/query-limit-required.js';
import robustnessNo5xxNoStackTrace from './server/robustness-no-5xx-no-stack-trace.js';
import robustnessHostileInputs from './server/robustness-hostile-inputs.js';
import appUrlRefusedRanges from './server/app-url-refused-ranges.js';
import routingUnknownRoute from './server/routing-unknown-route.js';
import httpRateLimit from './server/http-rate-limit.js';
import schemaCreatedTypesListed from './server/schema-created-types-listed.js';
import schemaListsUserType from './server/schema-lists-user-type.js';
import schemaQueryWithoutArgs from './server/schema-query-without-args.js';
import schemaTypeCreateOwnFields from './server/schema-type-create-own-fields.js';
import schemaTypeCreateSystemFields from './server/schema-type-create-system-fields.js';
import schemaTypeDeleteRecreate from './server/schema-type-delete-recreate.js';
import schemaSubCommands from './server/schema-sub-commands.js';
import queryNoLimit from './server/query-no-limit.js';
import queryNoLimitValue from './server/query-no-limit-value.js';
import queryOffset from './server/query-offset.js';
import queryAliasSelect from './server/query-alias-select.js';
import schemaGetSchema from './server/schema-get-schema.js';
import schemaPublicApiForms from './server/schema-public-api-forms.js';
import schemaPublicApiShape from './server/schema-public-api-shape.js';
import commandParamsNull from './server/command-params-null.js';
import commandArrayPartialFailure from './server/command-array-partial-failure.js';
import commandDidYouMean from './server/command-did-you-mean.js';
import queryInListLimit from './server/query-in-list-limit.js';
import { consistencyChecks } from './consistency/index.js';
import { documentsChecks } from './documents/index.js';
import { filesChecks } from './files/index.js';
import { graphqlChecks } from './graphql/index.js';
import { syncChecks } from './sync/index.js';
import { webhooksChecks } from './webhooks/index.js';
import { appChecks } from './app/index.js';

/**
 * Server checks that build their own test Databases with svc.schema/batch and write Entities
 * (conformance/src/workspace.ts); a stand-in server without Databases cannot pass them.
 */
export const workspaceChecks: readonly Check[] = [
  schemaCreatedTypesListed,
  schemaTypeCreateOwnFields,
  schemaTypeCreateSystemFields,
  schemaTypeDeleteRecreate,
  schemaSubCommands,
  commandCreateSystemFields,
  commandCreateClientId,
  commandUpdatePartial,
  commandUpdateModificationDate,
  commandValuesAtEdges,
  commandReadonlyFields,
  schemaRefusedOperations,
  schemaMixins,
  schemaDeleteKeepsOthers,
  schemaDeleteFlags,
  queryRangeEnds,
  queryAggregates,
  schemaRankOnCreate,
  schemaJsonValueField,
  commandDelete,
  commandAddCollectionItems,
  commandRemoveCollectionItems,
  commandCollectionItemsCompact,
  commandEntityBatchCreate,
  commandEntityBatchDelete,
  commandEntityBatchUpsert,
  commandEntityBatchConflictField,
  commandDecimalStrings,
  queryCollectionsEmptyArray,
  queryDefaultOrder,
  queryLimitRequired,
  queryNoLimit,
  queryNoLimitValue,
  queryOffset,
  queryAliasSelect,
  commandParamsNull,
  commandArrayPartialFailure,
  commandDidYouMean,
  queryInListLimit,
  pagingCursorRule,
  commandBatchInOrder,
  commandBatchAtomic,
  commandBatchCreateRun,
  commandBatchCreateRunFailure,
  commandBadInputRefused,
  commandBadInput,
  commandModelContract,
  commandModelFull,
  robustnessHostileInputs,
];

/** Server checks, in run order: authentication first, then the envelope, the schema and the commands, then robustness. */
export const serverChecks: readonly Check[] = [
  authMissingToken,
  authWrongToken,
  authBearerScheme,
  authWebhooksNeedArchitect,
  authAccessLevels,
  envelopeObjectInObjectOut,
  envelopeArrayInArrayOut,
  envelopeArgsMustBeObject,
  envelopeParamsMustBeObject,
  envelopeMalformedJson,
  envelopeNotACommand,
  errorsUnknownType,
  schemaQueryWithoutArgs,
  schemaGetSchema,
  schemaPublicApiForms,
  schemaPublicApiShape,
  schemaListsUserType,
  // Checks that build their own test Databases (conformance/src/workspace.ts): schema, then the
  // commands one by one, then queries, paging, batches, bad input and the model-based properties.
  ...workspaceChecks,
  // One folder per area, each with its own index.
  ...documentsChecks,
  ...webhooksChecks,
  ...graphqlChecks,
  ...filesChecks,
  ...consistencyChecks,
  ...syncChecks,
  routingUnknownRoute,
  robustnessNo5xxNoStackTrace,
  appUrlRefusedRanges,
  // Last: with a limit given (--rate-limit), it spends the token's allowance (then waits it out).
  httpRateLimit,
];

/** Integration-app checks (`svc-conformance app`), in run order; one folder, ./app. */
export { appChecks };

export const allChecks: readonly Check[] = [...serverChecks, ...appChecks];
