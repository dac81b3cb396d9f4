// Equivalent or out-of-reach survivors of mutation arguments, targets and runs (server/src/graphql/mutations/values.ts, targets.ts, run.ts, model.ts): see index.ts.
import type { Explanation } from './explanation.js';

export const GRAPHQL_MUTATION_ARGS: readonly Explanation[] = [];
