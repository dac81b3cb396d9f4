/**
 * Surviving mutants that are equivalent (or out of reach) where a `// Stryker disable` comment
 * would say too much: a comment disables a mutator on a whole line, and with it the other mutants
 * of that line that checks do kill. Each entry names one mutant by file, mutator, the text it
 * replaces and its replacement, with the reason; bench/results/mutation.md lists a matching
 * survivor with the equivalent ones (results.ts). A changed line no longer matches, so an entry
 * never hides a mutant of code written after it.
 */
export interface Explanation {
  file: string;
  mutator: string;
  /** The mutated text as the results show it (`original` column). */
  original: string;
  /** The replacement as the results show it (`mutant` column). */
  replacement: string;
  reason: string;
}

const JSON_KEYS = 'a range or a location always holds its keys; falling through stringifies the same keys (a client parses the string)';

export const EXPLAINED: readonly Explanation[] = [
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
    original: "f.storage !== 'system'",
    replacement: 'true',
    reason: 'a system field met again takes its own name again (SYSTEM_FIELD_NAMES), the others are left out as svc fields',
  },
  {
    file: 'server/src/graphql/space-model.ts',
    mutator: 'ConditionalExpression',
    original: "field.storage === 'system' && !systemName",
    replacement: 'false',
    reason: 'the other system fields are in the svc namespace, which fieldModel leaves out too',
  },
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
      ['ConditionalExpression', "typeof req.params['ref'] === 'string'", 'true'],
      ['ConditionalExpression', "typeof req.query['signature'] === 'string'", 'true'],
      ['StringLiteral', "''", '"Stryker was here!"'],
    ] as const
  ).map(([mutator, original, replacement]) => ({
    file: 'server/src/graphql/routes.ts',
    mutator,
    original,
    replacement,
    reason: 'express gives route parameters as strings, and the request validator refuses a signature that is not one string',
  })),
  ...(
    [
      ['ConditionalExpression', 'ref && Number.isSafeInteger(expires)', 'true'],
      ['LogicalOperator', 'ref && Number.isSafeInteger(expires)', 'ref || Number.isSafeInteger(expires)'],
    ] as const
  ).map(([mutator, original, replacement]) => ({
    file: 'server/src/graphql/routes.ts',
    mutator,
    original,
    replacement,
    reason: 'the signature covers the ref and the expiry, so an address that does not parse fails it too',
  })),
  ...(
    [
      ['ConditionalExpression', "verdict === 'expired'", 'false'],
      ['StringLiteral', "'expired'", '""'],
      ['BlockStatement', "{ refuse(403, { name: 'file.error/url-expired', message: `This file address expired at ${…", '{}'],
    ] as const
  ).map(([mutator, original, replacement]) => ({
    file: 'server/src/graphql/routes.ts',
    mutator,
    original,
    replacement,
    reason: 'out of reach: a validly signed address expires only after 60 minutes; no check waits for it (server/test covers it)',
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
  {
    file: 'server/src/graphql/schema-cache.ts',
    mutator: 'ConditionalExpression',
    original: 'spacePathName(s) === pathName',
    replacement: 'false',
    reason: 'without it the server lacks the underscore form, an optional feature (GQL-033, support SHOULD) graphql.space-underscores reports as unsupported',
  },
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
      ['ConditionalExpression', "env.context.db.kind === 'postgres'", 'false'],
      ['StringLiteral', "'window'", '""'],
      ['StringLiteral', "'postgres'", '""'],
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
];

export function explanationOf(m: { file: string; mutator: string; original: string; replacement: string }): Explanation | undefined {
  return EXPLAINED.find((e) => e.file === m.file && e.mutator === m.mutator && e.original === m.original && e.replacement === m.replacement);
}
