// Equivalent or out-of-reach survivors of the GraphQL read API (server/src/graphql/): see index.ts.
import { withReason, type Explanation } from './explanation.js';

const JSON_KEYS = 'a range or a location always holds its keys; falling through stringifies the same keys (a client parses the string)';

const SLICED_ERRORS =
  'the fields that can fail are non-null up to the root (find<Plural> and inner lists are [T!]!), so an answer with errors has null data either way, and an empty error list is left out of the answer (execute.ts)';

export const GRAPHQL: readonly Explanation[] = [
  { file: 'server/src/graphql/sliced-execute.ts', mutator: 'ConditionalExpression', original: 'got === null', replacement: 'true', reason: SLICED_ERRORS },
  { file: 'server/src/graphql/sliced-execute.ts', mutator: 'ConditionalExpression', original: 'errors.length > 0', replacement: 'true', reason: SLICED_ERRORS },
  { file: 'server/src/graphql/materialize.ts', mutator: 'ConditionalExpression', original: "'start' in v || 'end' in v", replacement: 'false', reason: JSON_KEYS },
  { file: 'server/src/graphql/materialize.ts', mutator: 'ConditionalExpression', original: "'latitude' in v || 'longitude' in v", replacement: 'false', reason: JSON_KEYS },
  ...["value && typeof value === 'object' && !Array.isArray(value)", "value && typeof value === 'object'", "typeof value === 'object'"].map((original) => ({
    file: 'server/src/graphql/materialize.ts',
    mutator: 'ConditionalExpression',
    original,
    replacement: 'true',
    reason: 'a JSON value here is a range or a location object, never null or a list',
  })),
  ...["'id'", "'createdBy'"].map((original) => ({
    file: 'server/src/graphql/space-model.ts',
    mutator: 'StringLiteral',
    original,
    replacement: '""',
    reason: 'a system field is named from SYSTEM_FIELD_NAMES, not from this base name',
  })),
  {
    file: 'server/src/graphql/space-model.ts',
    mutator: 'ConditionalExpression',
    original: "field.name === 'comment/author'",
    replacement: 'true',
    reason: 'the comment type has no other field left at that point',
  },

  // graphql/routes.ts
  ...(
    [
      ['ConditionalExpression', "typeof space === 'string'", 'true'],
      ['StringLiteral', "''", '"Stryker was here!"'],
    ] as const
  ).map(([mutator, original, replacement]) => ({
    file: 'server/src/graphql/routes.ts',
    mutator,
    original,
    replacement,
    reason: 'express gives a route parameter as a string',
  })),
  // graphql/limits/cost-limit.ts
  { file: 'server/src/graphql/limits/cost-limit.ts', mutator: 'BooleanLiteral', original: 'false', replacement: 'true', reason: "the visitor's answer only skips children no rule of it applies to" },
  { file: 'server/src/graphql/limits/cost-limit.ts', mutator: 'ConditionalExpression', original: '!query', replacement: 'false', reason: 'every schema has a Query type' },
  {
    file: 'server/src/graphql/limits/cost-limit.ts',
    mutator: 'OptionalChaining',
    original: 'node.name?.value',
    replacement: 'node.name.value',
    reason: 'an anonymous operation next to an operationName is refused (OPERATION_RESOLUTION_FAILURE) before the cost is counted',
  },
  // graphql/schema-cache.ts
  ...['!this.current || this.current.version !== catalog.version', '!built'].map((original) => ({
    file: 'server/src/graphql/schema-cache.ts',
    mutator: 'ConditionalExpression',
    original,
    replacement: 'true',
    reason: 'load only: a cache that is always rebuilt answers the same',
  })),
  // graphql/filters.ts
  ...['parts.length === 1'].map((original) => ({
    file: 'server/src/graphql/filters.ts',
    mutator: 'ConditionalExpression',
    original,
    replacement: 'false',
    reason: 'an and (or) of one part is that part: the engine compiles both alike',
  })),
  { file: 'server/src/graphql/filters.ts', mutator: 'ConditionalExpression', original: '!f', replacement: 'false', reason: 'GraphQL validation admits only the fields of the filter input' },
  { file: 'server/src/graphql/filters.ts', mutator: 'ConditionalExpression', original: 'value === undefined', replacement: 'false', reason: 'coerced input objects hold no undefined values' },
  // graphql/filters.ts: rank is the only field a type may lack (absentConditions), and its FloatFilter has no notContains
  ...withReason('out of reach: only rank can be absent, and FloatFilter has no notContains (GraphQL validation refuses it)', [
    ['server/src/graphql/filters.ts', 'ConditionalExpression', "op === 'notContains'", 'false'],
    ['server/src/graphql/filters.ts', 'StringLiteral', "'notContains'", '""'],
  ]),
  // graphql/compile.ts, materialize.ts: a field a type lacks (rank without the rank mixin) reads null
  ...withReason("an absent field left out of the materialized object is read by graphql-js's default resolver as undefined, which it answers as null too", [
    ['server/src/graphql/compile.ts', 'StringLiteral', "'absent'", '""'],
    ['server/src/graphql/compile.ts', 'ObjectLiteral', "{ key, kind: 'null' }", '{}'],
    ['server/src/graphql/compile.ts', 'StringLiteral', "'null'", '""'],
    ['server/src/graphql/materialize.ts', 'StringLiteral', "'null'", '""'],
  ]),
  {
    file: 'server/src/graphql/compile.ts',
    mutator: 'ConditionalExpression',
    original: "fieldName === 'secret' || Object.hasOwn(RICH_TEXT_FORMATS, fieldName)",
    replacement: 'true',
    reason: 'the only other field a RichField selection can hold is __typename, which graphql-js answers itself whatever the materialized object holds under it',
  },
  // graphql/compile.ts `me`, execute.ts: over HTTP every request has a caller with a user (the auth middleware)
  ...withReason('out of reach over HTTP: every request has a caller with a user id (the auth middleware sets it); only in-process work runs without one', [
    ['server/src/graphql/compile.ts', 'ObjectLiteral', "{ kind: 'or', parts: [] }", '{}'],
    ['server/src/graphql/compile.ts', 'StringLiteral', "'or'", '""'],
    ['server/src/graphql/compile.ts', 'ArrayDeclaration', '[]', '["Stryker was here"]'],
    ['server/src/graphql/compile.ts', 'ConditionalExpression', 'userId === undefined', 'false'],
    ['server/src/graphql/execute.ts', 'OptionalChaining', 'caller?.userId', 'caller.userId'],
  ]),
  {
    file: 'server/src/graphql/compile.ts',
    mutator: 'StringLiteral',
    original: "'me'",
    replacement: '""',
    reason: "where in the request, for the message of a wrong value only: the caller's user id is always a valid id",
  },
  // graphql/collect-fields.ts
  ...(
    [
      ['ConditionalExpression', 'visited.has(name) || !fragment', 'false'],
      ['ConditionalExpression', 'visited.has(name)', 'false'],
      ['ConditionalExpression', '!fragment', 'false'],
      ['LogicalOperator', 'visited.has(name) || !fragment', 'visited.has(name) && !fragment'],
    ] as const
  ).map(([mutator, original, replacement]) => ({
    file: 'server/src/graphql/collect-fields.ts',
    mutator,
    original,
    replacement,
    reason: 'validation refuses unknown fragments and cycles first; a repeated spread adds the same nodes to the same response keys',
  })),
  // graphql/execute.ts
  ...(
    [
      ['LogicalOperator', "source && typeof source === 'object'", "source || typeof source === 'object'"],
      ['ConditionalExpression', "source && typeof source === 'object'", 'true'],
      ['ConditionalExpression', "typeof source === 'object'", 'true'],
    ] as const
  ).map(([mutator, original, replacement]) => ({
    file: 'server/src/graphql/execute.ts',
    mutator,
    original,
    replacement,
    reason: 'graphql-js resolves fields of objects only (it does not descend into a null parent)',
  })),
  { file: 'server/src/graphql/execute.ts', mutator: 'ConditionalExpression', original: 'error instanceof GraphQLError', replacement: 'true', reason: "graphql-js's parser throws GraphQLErrors only" },
  ...(
    [
      ['StringLiteral', "'window'", '""'],
      ['StringLiteral', "'all'", '""'],
    ] as const
  ).map(([mutator, original, replacement]) => ({
    file: 'server/src/graphql/execute.ts',
    mutator,
    original,
    replacement,
    reason: "two ways to the same rows (window functions on PostgreSQL, which the suite's pg-mem server lacks); server/test runs both",
  })),
  ...(
    [
      ['EqualityOperator', 'result.errors.length > 0', 'result.errors.length >= 0'],
      ['ConditionalExpression', 'result.errors.length > 0', 'true'],
    ] as const
  ).map(([mutator, original, replacement]) => ({ file: 'server/src/graphql/execute.ts', mutator, original, replacement, reason: 'graphql-js leaves errors out when there are none' })),
  // graphql/materialize.ts
  { file: 'server/src/graphql/materialize.ts', mutator: 'ConditionalExpression', original: 'content === undefined', replacement: 'false', reason: 'JSON.stringify(undefined) is undefined, which graphql-js answers as null too' },
  ...(
    [
      ['ConditionalExpression', 'secret === undefined', 'false'],
      ['BlockStatement', '{ out[entry.key] = null; break; }', '{}'],
    ] as const
  ).map(([mutator, original, replacement]) => ({
    file: 'server/src/graphql/materialize.ts',
    mutator,
    original,
    replacement,
    reason: 'every rich text value holds its document secret (the server makes the document with the Entity)',
  })),
  ...(
    [
      ['ConditionalExpression', "typeof value === 'object'", 'true'],
      ['LogicalOperator', "value && typeof value === 'object'", "value || typeof value === 'object'"],
      ['ConditionalExpression', "typeof secret === 'string'", 'true'],
    ] as const
  ).map(([mutator, original, replacement]) => ({
    file: 'server/src/graphql/materialize.ts',
    mutator,
    original,
    replacement,
    reason: 'a relation value is an object or null, a rich text value its secret or an object holding it: never another truthy value',
  })),
  // graphql/compile.ts
  {
    file: 'server/src/graphql/compile.ts',
    mutator: 'ConditionalExpression',
    original: 'Object.hasOwn(RICH_TEXT_FORMATS, fieldName)',
    replacement: 'true',
    reason: 'the one other field of RichText is __typename, which graphql-js answers itself',
  },
  // graphql: the run of 2026-11-26 16:43 on the current checks
  ...withReason(
    "an internal key of the engine, never a response key: any name no GraphQL field can have does the same",
    [
    ["server/src/graphql/compile.ts", "StringLiteral", "'#id'", "\"\""],
    ],
  ),
  ...withReason(
    "graphql-js coerces limit and offset to Int (or the default) before the field runs",
    [
    ["server/src/graphql/compile.ts", "ConditionalExpression", "typeof limit !== 'number'", "false"],
    ["server/src/graphql/compile.ts", "ConditionalExpression", "typeof offset !== 'number'", "false"],
    ["server/src/graphql/limits/cost-limit.ts", "ConditionalExpression", "typeof given === 'number'", "true"],
    ],
  ),
  ...withReason(
    "a relation to one Entity has no limit: absent and null mean the same to the engine",
    [
    ["server/src/graphql/compile.ts", "ObjectLiteral", "{ limit: null }", "{}"],
    ],
  ),
  ...withReason(
    "message wording the spec leaves open: the error's path names the inner list (graphql.bad-query checks the path)",
    [
    ["server/src/graphql/compile.ts", "StringLiteral", "`${object.name}.${name}`", "``"],
    ],
  ),
  ...withReason(
    "out of reach: every type has svc/id, so the internal error is never raised",
    [
    ["server/src/graphql/compile.ts", "StringLiteral", "'svc/id'", "\"\""],
    ["server/src/graphql/compile.ts", "BlockStatement", "{ throw new Error(`field ${name} vanished`); }", "{}"],
    ["server/src/graphql/compile.ts", "StringLiteral", "`field ${name} vanished`", "``"],
    ["server/src/graphql/schema-builder.ts", "StringLiteral", "`common.graphql has no type ${name}`", "``"],
    ["server/src/graphql/schema-builder.ts", "ConditionalExpression", "!type", "false"],
    ],
  ),
  ...withReason(
    "out of reach: only a fault of the server itself (not a GraphQLError or a Failure) takes this path; no request makes one",
    [
    ["server/src/graphql/compile.ts", "ConditionalExpression", "!(error instanceof GraphQLError)", "false"],
    ["server/src/graphql/execute.ts", "ConditionalExpression", "!(error instanceof Failure)", "false"],
    ],
  ),
  ...withReason(
    "out of reach: the document store fails only when its storage does (no client can make it)",
    [
    ["server/src/graphql/materialize.ts", "BlockStatement", "{ if (!(error instanceof Failure)) throw error; for (const item of items) item.target[ite…", "{}"],
    ["server/src/graphql/materialize.ts", "BooleanLiteral", "!(error instanceof Failure)", "error instanceof Failure"],
    ["server/src/graphql/materialize.ts", "ConditionalExpression", "!(error instanceof Failure)", "true"],
    ["server/src/graphql/materialize.ts", "ConditionalExpression", "!(error instanceof Failure)", "false"],
    ["server/src/graphql/materialize.ts", "ObjectLiteral", "{ extensions: { code: error.name } }", "{}"],
    ["server/src/graphql/materialize.ts", "ObjectLiteral", "{ code: error.name }", "{}"],
    ],
  ),
  ...withReason(
    "JSON.stringify(undefined) is undefined, which GraphQL answers as null, as the fallback does",
    [
    ["server/src/graphql/materialize.ts", "ConditionalExpression", "value !== undefined", "true"],
    ],
  ),
  ...withReason(
    "a JSON value that is no range is a location; a fullAddress that is undefined is left out by JSON.stringify either way",
    [
    ["server/src/graphql/materialize.ts", "ConditionalExpression", "'latitude' in v || 'longitude' in v", "true"],
    ["server/src/graphql/materialize.ts", "ConditionalExpression", "v['fullAddress'] === undefined", "false"],
    ],
  ),
  ...withReason(
    "the cost rule runs after graphql-js's own rules, which refuse unknown fragments, fragment cycles and object fields without a selection",
    [
    ["server/src/graphql/limits/cost-limit.ts", "ConditionalExpression", "fragment && !seen.has(name)", "true"],
    ["server/src/graphql/limits/cost-limit.ts", "LogicalOperator", "fragment && !seen.has(name)", "fragment || !seen.has(name)"],
    ["server/src/graphql/limits/cost-limit.ts", "ArrayDeclaration", "[...seen, name]", "[]"],
    ["server/src/graphql/limits/cost-limit.ts", "ConditionalExpression", "!def || !selection.selectionSet", "false"],
    ["server/src/graphql/limits/cost-limit.ts", "LogicalOperator", "!def || !selection.selectionSet || !isObjectType(named)", "(!def || !selection.selectionSet) && !isObjectType(named)"],
    ["server/src/graphql/limits/cost-limit.ts", "LogicalOperator", "!def || !selection.selectionSet", "!def && !selection.selectionSet"],
    ],
  ),
  ...withReason(
    "String.prototype.matchAll always gives the index of a match",
    [
    ["server/src/graphql/naming.ts", "ConditionalExpression", "last.index === undefined", "false"],
    ],
  ),
  ...withReason(
    "every Database and field name the schema accepts has its namespace before a '/'",
    [
    ["server/src/graphql/naming.ts", "ConditionalExpression", "slash === -1", "false"],
    ["server/src/graphql/naming.ts", "UnaryOperator", "-1", "+1"],
    ],
  ),
  ...withReason(
    "graphql-js's introspection types are shared instances: listing them among the types adds nothing",
    [
    ["server/src/graphql/schema-builder.ts", "MethodExpression", "t.name.startsWith('__')", "t.name.endsWith('__')"],
    ],
  ),
  ...withReason(
    "names are unique, so the comparison never meets two equal names; V8 sorts the Databases of a Space (runs of up to 32) by binary insertion, which asks only whether the answer is negative",
    [
    ["server/src/graphql/space-model.ts", "ConditionalExpression", "a.name > b.name", "true"],
    ["server/src/graphql/space-model.ts", "ConditionalExpression", "a.name > b.name", "false"],
    ["server/src/graphql/space-model.ts", "EqualityOperator", "a.name > b.name", "a.name >= b.name"],
    ["server/src/graphql/space-model.ts", "EqualityOperator", "a.name > b.name", "a.name <= b.name"],
    ["server/src/graphql/space-model.ts", "EqualityOperator", "a.name < b.name", "a.name <= b.name"],
    ],
  ),
  ...withReason(
    "the label of the common User and Comment types appears in no description (theirs are common.graphql's)",
    [
    ["server/src/graphql/space-model.ts", "StringLiteral", "'user'", "\"\""],
    ["server/src/graphql/space-model.ts", "StringLiteral", "'comment'", "\"\""],
    ],
  ),
  ...withReason(
    "out of reach: a relation's type is in the catalogue as long as the relation is",
    [
    ["server/src/graphql/space-model.ts", "ConditionalExpression", "!target", "false"],
    ],
  ),
  ...withReason(
    "every field kept by storage is 'value' or 'link' past the system fields",
    [
    ["server/src/graphql/space-model.ts", "ConditionalExpression", "field.storage !== 'link'", "false"],
    ],
  ),
  // graphql/media-type.ts: Accept negotiation (GQL-042; the family of graphql.media-types)
  ...withReason(
    "an empty media range: split answers at least one element (the default is never taken), and a range of type '' matches no media type, so keeping, dropping or renaming it chooses the same type",
    [
      ["server/src/graphql/media-type.ts", "StringLiteral", "''", "\"Stryker was here!\""],
      ["server/src/graphql/media-type.ts", "ConditionalExpression", "r.type !== ''", "true"],
    ],
  ),
  ...withReason("two ranges never share an order: each explicit range has its own index and the new type's range here is explicit (a wildcard's order is the largest)", [
    ["server/src/graphql/media-type.ts", "EqualityOperator", "legacy.order < modern.order", "legacy.order <= modern.order"],
  ]),
  ...withReason("out of reach: fetch, the suite's HTTP client, always sends an Accept header (*/*); a request without one is tested in server/test/graphql-api.test.ts", [
    ["server/src/graphql/media-type.ts", "ConditionalExpression", "!accept", "false"],
  ]),
];
