/**
 * Surviving mutants that are equivalent (or out of reach) where a `// Stryker disable` comment
 * would say too much: a comment disables a mutator on a whole line, and with it the other mutants
 * of that line that checks do kill. Each entry names one mutant by file, mutator, the text it
 * replaces and its replacement, with the reason; bench/results/mutation.md lists a matching
 * survivor with the equivalent ones (results.ts). A changed line no longer matches, so an entry
 * never hides a mutant of code written after it. One list per module of bench/mutation/modules.ts.
 */
import type { Explanation } from './explanation.js';
import { DOCUMENTS } from './documents.js';
import { FILES } from './files.js';
import { GRAPHQL } from './graphql.js';
import { GRAPHQL_ACTIONS } from './graphql-actions.js';
import { GRAPHQL_MUTATION_ARGS } from './graphql-values.js';
import { GRAPHQL_SCHEMA } from './graphql-schema.js';
import { MAPPING } from './mapping.js';
import { MODEL } from './model.js';
import { QUERY } from './query.js';
import { SYNC } from './sync.js';
import { WEBHOOKS } from './webhooks.js';

export type { Explanation } from './explanation.js';

export const EXPLAINED: readonly Explanation[] = [...QUERY, ...GRAPHQL, ...GRAPHQL_ACTIONS, ...GRAPHQL_MUTATION_ARGS, ...GRAPHQL_SCHEMA, ...WEBHOOKS, ...DOCUMENTS, ...FILES, ...MODEL, ...SYNC, ...MAPPING];

export function explanationOf(m: { file: string; line: number; mutator: string; original: string; replacement: string }): Explanation | undefined {
  return EXPLAINED.find((e) => e.file === m.file && e.mutator === m.mutator && e.original === m.original && e.replacement === m.replacement && (e.line === undefined || e.line === m.line));
}
