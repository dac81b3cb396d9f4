/** Checks of the webhooks area, in run order; one check per file in this folder (support.ts: what they share). */
import type { Check } from '../../check.js';
import addListDelete from './add-list-delete.js';
import addRefused from './add-refused.js';
import collectionEffect from './collection-effect.js';
import correlationId from './correlation-id.js';
import createDeleteEffects from './create-delete-effects.js';
import databaseDeleted from './database-deleted.js';
import deletedGetsNothing from './deleted-gets-nothing.js';
import deletedInFlight from './deleted-in-flight.js';
import oneDeliveryPerCommand from './one-delivery-per-command.js';
import hostNames from './host-names.js';
import inverseSameName from './inverse-same-name.js';
import order from './order.js';
import otherDatabases from './other-databases.js';
import refusedRanges from './refused-ranges.js';
import replay from './replay.js';
import retriedOnce from './retried-once.js';
import retries from './retries.js';
import richTextNotReported from './rich-text-not-reported.js';
import runs from './runs.js';
import runsLatest50 from './runs-latest-50.js';
import secretNotListed from './secret-not-listed.js';
import signature from './signature.js';
import slowReceiver from './slow-receiver.js';
import typeById from './type-by-id.js';
import typeRenamed from './type-renamed.js';
import unreachableRun from './unreachable-run.js';
import updateEffect from './update-effect.js';

export const webhooksChecks: readonly Check[] = [
  addListDelete,
  typeById,
  typeRenamed,
  databaseDeleted,
  addRefused,
  refusedRanges,
  hostNames,
  updateEffect,
  collectionEffect,
  inverseSameName,
  createDeleteEffects,
  richTextNotReported,
  otherDatabases,
  correlationId,
  oneDeliveryPerCommand,
  order,
  slowReceiver,
  signature,
  secretNotListed,
  runs,
  retriedOnce,
  unreachableRun,
  retries,
  runsLatest50,
  deletedGetsNothing,
  deletedInFlight,
  replay,
];
