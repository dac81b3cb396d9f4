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
];

export function explanationOf(m: { file: string; mutator: string; original: string; replacement: string }): Explanation | undefined {
  return EXPLAINED.find((e) => e.file === m.file && e.mutator === m.mutator && e.original === m.original && e.replacement === m.replacement);
}
