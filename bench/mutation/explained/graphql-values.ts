// Equivalent or out-of-reach survivors of mutation arguments, targets and runs (server/src/graphql/mutations/values.ts, targets.ts, run.ts, model.ts): see index.ts.
import { withReason, type Explanation } from './explanation.js';

const WORDING =
  'wording of a message for a person: the spec pins only its start (the action path, then what failed) and the error name and data in extensions (README, Mutations 8 and 9); graphql.mutation-run-errors checks those';
const NOT_JSON =
  'without the parse error the value is left undefined and the Entity writer refuses it with the same extensions.code (entity.error/value-invalid) and field; only the wording of the message and of extensions.expected differ';
const CALLER = 'the GraphQL route runs only for an authenticated caller (401 before it), so the caller is never undefined here';
const SOURCE =
  'graphql-js calls the resolver only below a non-null object: the root value and the <T>Operations and MutationResult objects are objects, and a null field (a failed mutation field) has no sub-fields resolved';
const WAKE =
  'waking the webhook worker only shortens the wait for a delivery: the worker polls the outbox every 500 ms anyway, and the spec pins no delivery latency (graphql.mutation-cross-surface waits for the delivery)';
const INTERNAL =
  'only an internal error (a server bug) is neither a Failure nor a GraphQLError when it reaches here: the inner catch turns every Failure and GraphQLError of an action into a located GraphQL error, and the root arguments are coerced before the mutation runs';
const INT_COERCION = 'limit and offset are GraphQL Int arguments: coercion gives a number that is an integer (or null), so only the sign is left to check (killed: value < 0)';
const SECRETS_EMPTY = 'documentSecrets is called only by editDocuments, which returns before it for no Entities; a query for an empty id list reads nothing anyway';
const SECRET_FORM =
  'the query engine reads a rich text field as an object holding the document secret, or null for an Entity made before the field existed (graphql.mutation-values-rich-text): never a string, and the secret in it is always a string';
const LINK_ITEM = 'a relation read holds objects or null (an empty to-one relation): `item && true` is false for null just as the original';
const FILTER_VALUE =
  'GraphQL input coercion gives a to-one relation value as an input object (null handled before) and each item of a collection value as a non-null input object, so the value is always a filter object here';
const JSON_NULL = 'a range or location value is a String or null after coercion; JSON.parse(null) is null, the same value';
const RICH_NULL = 'a rich text value is a String or null after coercion; null is written as the empty document either way (`markdown ?? ""`)';
const UNDEFINED_ARG = 'only arguments present in the request are read (Object.hasOwn), and GraphQL coercion never gives undefined for a present argument';
const LIST_COERCION = 'GraphQL input coercion turns a single value given for a list argument into a list of one, so a collection value is always an array here';
const ACTION_PART =
  'the GraphQL field name is never empty (a name with no ASCII letter or digit is `field`) and PascalCase drops every underscore anyway, so removing the first one or only a leading one gives the same action names';
const TARGET_KIND = 'only Databases of the Space have mutations (byType): the option types of selects and workflows and the users are never among them, so the lookup finds nothing for them either way';
const LINKED_EMPTY = 'for no selected Entities the early return only saves a query: a query for an empty id list reads no row, so nothing is linked either way (graphql.mutation-targets-edges acts on none)';
const CACHE = 'a cache of a pure function of the SpaceModel: without it the same mutations are worked out again, which no client can tell';

export const GRAPHQL_MUTATION_ARGS: readonly Explanation[] = [
  ...withReason(WORDING, [
    ["server/src/graphql/mutations/run.ts", "StringLiteral", "'A GraphQL mutation'", "\"\""],
    ["server/src/graphql/mutations/values.ts", "MethodExpression", "value.slice(0, 80)", "value"],
    ["server/src/graphql/mutations/values.ts", "StringLiteral", "'stringified JSON'", "\"\""],
    ["server/src/graphql/mutations/values.ts", "StringLiteral", "`${input.name}[${i}]`", "``"],
    ["server/src/graphql/mutations/values.ts", "MethodExpression", "argument.endsWith(']')", "argument.startsWith(']')"],
    ["server/src/graphql/mutations/values.ts", "StringLiteral", "']'", "\"\""],
    ["server/src/graphql/mutations/values.ts", "StringLiteral", "'at least one'", "\"\""],
    ["server/src/graphql/mutations/values.ts", "StringLiteral", "'exactly one'", "\"\""],
    ["server/src/graphql/mutations/values.ts", "ConditionalExpression", "matched === 0", "true"],
    ["server/src/graphql/mutations/values.ts", "ConditionalExpression", "matched === 0", "false"],
    ["server/src/graphql/mutations/values.ts", "EqualityOperator", "matched === 0", "matched !== 0"],
    ["server/src/graphql/mutations/values.ts", "StringLiteral", "'none'", "\"\""],
  ]),
  ...withReason(NOT_JSON, [
    ["server/src/graphql/mutations/values.ts", "BlockStatement", "{ throw new Failure('entity.error/value-invalid', `\"${input.field.field.name}\" (${input.n…", "{}"],
  ]),
  ...withReason(CALLER, [
    ["server/src/graphql/mutations/run.ts", "StringLiteral", "'reader'", "\"\""],
    ["server/src/graphql/mutations/run.ts", "OptionalChaining", "caller?.accessLevel", "caller.accessLevel"],
  ]),
  ...withReason(SOURCE, [
    ["server/src/graphql/mutations/run.ts", "ConditionalExpression", "!source || typeof source !== 'object'", "false"],
    ["server/src/graphql/mutations/run.ts", "LogicalOperator", "!source || typeof source !== 'object'", "!source && typeof source !== 'object'"],
    ["server/src/graphql/mutations/run.ts", "ConditionalExpression", "typeof source !== 'object'", "false"],
  ]),
  ...withReason(WAKE, [
    ["server/src/graphql/mutations/run.ts", "ConditionalExpression", "deliveries > 0", "true"],
    ["server/src/graphql/mutations/run.ts", "ConditionalExpression", "deliveries > 0", "false"],
    ["server/src/graphql/mutations/run.ts", "EqualityOperator", "deliveries > 0", "deliveries >= 0"],
    ["server/src/graphql/mutations/run.ts", "EqualityOperator", "deliveries > 0", "deliveries <= 0"],
    ["server/src/graphql/mutations/run.ts", "OptionalChaining", "context.wakeDeliveries?.()", "context.wakeDeliveries()"],
  ]),
  ...withReason(INTERNAL, [
    ["server/src/graphql/mutations/run.ts", "ConditionalExpression", "error instanceof GraphQLError", "true"],
    ["server/src/graphql/mutations/run.ts", "ConditionalExpression", "error instanceof GraphQLError", "true"],
    ["server/src/graphql/mutations/run.ts", "ConditionalExpression", "error instanceof Failure", "true"],
    ["server/src/graphql/mutations/run.ts", "ConditionalExpression", "error instanceof Failure", "false"],
  ]),
  ...withReason(INT_COERCION, [
    ["server/src/graphql/mutations/targets.ts", "ConditionalExpression", "typeof value !== 'number' || !Number.isInteger(value)", "false"],
    ["server/src/graphql/mutations/targets.ts", "LogicalOperator", "typeof value !== 'number' || !Number.isInteger(value)", "typeof value !== 'number' && !Number.isInteger(value)"],
    ["server/src/graphql/mutations/targets.ts", "ConditionalExpression", "typeof value !== 'number'", "false"],
  ]),
  ...withReason(SECRETS_EMPTY, [
    ["server/src/graphql/mutations/targets.ts", "ConditionalExpression", "ids.length === 0", "false"],
  ]),
  ...withReason(LINKED_EMPTY, [
    ["server/src/graphql/mutations/targets.ts", "ConditionalExpression", "ids.length === 0", "false"],
  ]),
  ...withReason(SECRET_FORM, [
    ["server/src/graphql/mutations/targets.ts", "ConditionalExpression", "typeof value === 'string'", "false"],
    ["server/src/graphql/mutations/targets.ts", "StringLiteral", "'string'", "\"\""],
    ["server/src/graphql/mutations/targets.ts", "ConditionalExpression", "typeof value === 'object'", "true"],
    ["server/src/graphql/mutations/targets.ts", "ConditionalExpression", "typeof secret === 'string'", "true"],
  ]),
  ...withReason(LINK_ITEM, [
    ["server/src/graphql/mutations/targets.ts", "ConditionalExpression", "typeof item === 'object'", "true"],
  ]),
  ...withReason(FILTER_VALUE, [
    ["server/src/graphql/mutations/values.ts", "ConditionalExpression", "typeof value === 'object' && value !== null && !Array.isArray(value)", "true"],
    ["server/src/graphql/mutations/values.ts", "LogicalOperator", "typeof value === 'object' && value !== null && !Array.isArray(value)", "typeof value === 'object' && value !== null || !Array.isArray(value)"],
    ["server/src/graphql/mutations/values.ts", "ConditionalExpression", "typeof value === 'object' && value !== null", "true"],
    ["server/src/graphql/mutations/values.ts", "LogicalOperator", "typeof value === 'object' && value !== null", "typeof value === 'object' || value !== null"],
    ["server/src/graphql/mutations/values.ts", "ConditionalExpression", "typeof value === 'object'", "true"],
    ["server/src/graphql/mutations/values.ts", "ConditionalExpression", "value !== null", "true"],
  ]),
  ...withReason(JSON_NULL, [
    ["server/src/graphql/mutations/values.ts", "ConditionalExpression", "typeof value === 'string'", "true"],
  ]),
  ...withReason(RICH_NULL, [
    ["server/src/graphql/mutations/values.ts", "ConditionalExpression", "typeof value === 'string'", "true"],
  ]),
  ...withReason(UNDEFINED_ARG, [
    ["server/src/graphql/mutations/values.ts", "ConditionalExpression", "value === undefined", "false"],
  ]),
  ...withReason(LIST_COERCION, [
    ["server/src/graphql/mutations/values.ts", "ArrayDeclaration", "[value]", "[]"],
  ]),
  ...withReason(ACTION_PART, [
    ["server/src/graphql/mutations/model.ts", "StringLiteral", "'Field'", "\"\""],
    ["server/src/graphql/mutations/model.ts", "Regex", "/^_/", "/_/"],
  ]),
  ...withReason(TARGET_KIND, [
    ["server/src/graphql/mutations/model.ts", "ConditionalExpression", "input.field.target.kind === 'database'", "true"],
  ]),
  ...withReason(CACHE, [
    ["server/src/graphql/mutations/model.ts", "ConditionalExpression", "known", "false"],
  ]),
];
