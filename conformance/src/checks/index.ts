/**
 * Every check of the suite. Server checks live in ./server, one per file;
 * add a new check by importing it here.
 */
import type { Check } from '../check.js';
import authBearerScheme from './server/auth-bearer-scheme.js';
import authMissingToken from './server/auth-missing-token.js';
import authWrongToken from './server/auth-wrong-token.js';
import envelopeArgsMustBeObject from './server/envelope-args-must-be-object.js';
import envelopeArrayInArrayOut from './server/envelope-array-in-array-out.js';
import envelopeMalformedJson from './server/envelope-malformed-json.js';
import envelopeNotACommand from './server/envelope-not-a-command.js';
import envelopeObjectInObjectOut from './server/envelope-object-in-object-out.js';
import envelopeParamsMustBeObject from './server/envelope-params-must-be-object.js';
import errorsUnknownType from './server/errors-unknown-type.js';
import robustnessNo5xxNoStackTrace from './server/robustness-no-5xx-no-stack-trace.js';
import routingUnknownRoute from './server/routing-unknown-route.js';
import schemaListsUserType from './server/schema-lists-user-type.js';
import schemaQueryWithoutArgs from './server/schema-query-without-args.js';

/** Server checks, in run order: authentication first, then the envelope, then robustness. */
export const serverChecks: readonly Check[] = [
  authMissingToken,
  authWrongToken,
  authBearerScheme,
  envelopeObjectInObjectOut,
  envelopeArrayInArrayOut,
  envelopeArgsMustBeObject,
  envelopeParamsMustBeObject,
  envelopeMalformedJson,
  envelopeNotACommand,
  errorsUnknownType,
  schemaQueryWithoutArgs,
  schemaListsUserType,
  routingUnknownRoute,
  robustnessNo5xxNoStackTrace,
];

/** Integration-app checks: none yet. */
export const appChecks: readonly Check[] = [];

export const allChecks: readonly Check[] = [...serverChecks, ...appChecks];
