// Equivalent or out-of-reach survivors of the GraphQL mutation actions (server/src/graphql/mutations/actions.ts): see index.ts.
import type { Explanation } from './explanation.js';

export const GRAPHQL_ACTIONS: readonly Explanation[] = [];
