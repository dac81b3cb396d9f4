/**
 * Checks of a server's sync engine (areas sync, mapping, app, auth, events, oauth, http), in run
 * order; one check per file in this folder. Each starts the mock integration app (mock-app/)
 * in-process on 127.0.0.1, so the server under test must run where the suite runs and may call
 * loopback app addresses (the reference server: SVC_APP_ALLOW=127.0.0.1).
 *
 * Support modules: admin.ts (the integrations admin API), integration.ts (app, account, source,
 * first sync and tear-down of a check), mock.ts (the mock app and its request log), read.ts
 * (schema and Entities through the command API), scenarios.ts and events-scenario.ts (scenarios
 * built in code), schema-expect.ts and expect-entities.ts (expectations), failed-run.ts,
 * protection.ts, events.ts, oauth-flow.ts, cut-front.ts (a front that cuts answers), rewrite-front.ts
 * (a front that rewrites answers),
 * delta-arbitrary.ts and snapshot.ts (the differential property), script-front.ts (a front that answers
 * data pages from a script), page-model.ts and page-edges.ts (the sync rules as a model, and the edge runs),
 * schema-refused-cases.ts (malformed app schemas, and a front that answers them).
 */
import type { Check } from '../../check.js';
import accountAdded from './account-added.js';
import accountCleanupFails from './account-cleanup-fails.js';
import accountDelete from './account-delete.js';
import accountRefused from './account-refused.js';
import appErrorField from './app-error-field.js';
import appError from './app-error.js';
import actionTemplates from './action-templates.js';
import customActions from './custom-actions.js';
import cutAnswer from './cut-answer.js';
import dataRequests from './data-requests.js';
import datalist from './datalist.js';
import deltaAppliesDelivered from './delta-applies-delivered.js';
import deltaDifferential from './delta-differential.js';
import deltaPages from './delta-pages.js';
import deltaRemove from './delta-remove.js';
import endlessHasNext from './endless-has-next.js';
import eventApplied from './event-applied.js';
import eventBadSignature from './event-bad-signature.js';
import eventHugeTransform from './event-huge-transform.js';
import eventSomeTypes from './event-some-types.js';
import fullRemovalKeys from './full-removal-keys.js';
import fullRemovesUndelivered from './full-removes-undelivered.js';
import garbageAnswer from './garbage-answer.js';
import hugePage from './huge-page.js';
import invalidRow from './invalid-row.js';
import keepUnsynced from './keep-unsynced.js';
import linksResync from './links-resync.js';
import logo from './logo.js';
import mappingDatabases from './mapping-databases.js';
import mappingFieldTypes from './mapping-field-types.js';
import mappingFormats from './mapping-formats.js';
import mappingHidden from './mapping-hidden.js';
import mappingKeyChange from './mapping-key-change.js';
import mappingNames from './mapping-names.js';
import mappingPeople from './mapping-people.js';
import mappingRelations from './mapping-relations.js';
import mappingSelects from './mapping-selects.js';
import mappingTitle from './mapping-title.js';
import oauth1 from './oauth1.js';
import oauth2 from './oauth2.js';
import protectionCustomField from './protection-custom-field.js';
import protectionRichText from './protection-rich-text.js';
import schemaRefused from './schema-refused.js';
import schemaRefusedMessage from './schema-refused-message.js';
import sourceAdmin from './source-admin.js';
import tokenRefresh from './token-refresh.js';
import tokenRefreshExpiresOn from './token-refresh-expires-on.js';
import tryLater from './try-later.js';
import tryLaterSchedule from './try-later-schedule.js';
import newFieldFailedRun from './new-field-failed-run.js';
import oneRunAtATime from './one-run-at-a-time.js';
import history from './history.js';
import pageBound from './page-bound.js';
import webhookCorrelation from './webhook-correlation.js';
import valuesBool from './values-bool.js';
import valuesFiles from './values-files.js';
import valuesIcon from './values-icon.js';
import valuesInvalid from './values-invalid.js';
import valuesInvalidMessage from './values-invalid-message.js';
import valuesLocation from './values-location.js';
import valuesRichText from './values-rich-text.js';
import valuesScalars from './values-scalars.js';
import valuesSelects from './values-selects.js';
import webhookInstall from './webhook-install.js';

export const syncChecks: readonly Check[] = [
  // The mapping of an app schema to Databases and fields.
  mappingDatabases,
  mappingNames,
  mappingFieldTypes,
  mappingFormats,
  mappingKeyChange,
  mappingTitle,
  mappingHidden,
  mappingSelects,
  mappingPeople,
  mappingRelations,
  linksResync,
  schemaRefused,
  schemaRefusedMessage,
  // Converted values.
  valuesBool,
  valuesScalars,
  valuesLocation,
  valuesSelects,
  valuesInvalid,
  valuesInvalidMessage,
  valuesIcon,
  valuesRichText,
  valuesFiles,
  // What the server asks the app, and the app's data lists and logo through the server.
  dataRequests,
  datalist,
  logo,
  // Sources through the admin API.
  sourceAdmin,
  // Full and delta runs, protection.
  deltaAppliesDelivered,
  deltaRemove,
  deltaPages,
  fullRemovesUndelivered,
  fullRemovalKeys,
  keepUnsynced,
  protectionCustomField,
  protectionRichText,
  deltaDifferential,
  // Failures of the app: retried, reported, bounded.
  tryLater,
  tryLaterSchedule,
  oneRunAtATime,
  history,
  webhookCorrelation,
  appError,
  appErrorField,
  newFieldFailedRun,
  invalidRow,
  garbageAnswer,
  endlessHasNext,
  pageBound,
  hugePage,
  cutAnswer,
  tokenRefresh,
  tokenRefreshExpiresOn,
  // Accounts and OAuth.
  accountAdded,
  accountRefused,
  accountDelete,
  accountCleanupFails,
  oauth1,
  oauth2,
  // Inbound events.
  webhookInstall,
  eventApplied,
  eventBadSignature,
  eventSomeTypes,
  eventHugeTransform,
  // Custom actions of the app, run on synchronized Entities.
  customActions,
  actionTemplates,
];
