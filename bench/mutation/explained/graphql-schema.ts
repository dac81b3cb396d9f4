// Equivalent or out-of-reach survivors of the GraphQL schema of a Space (mutations/schema.ts, space-model.ts, naming.ts, schema-builder.ts, schema-cache.ts): see index.ts.
import type { Explanation } from './explanation.js';

export const GRAPHQL_SCHEMA: readonly Explanation[] = [];
