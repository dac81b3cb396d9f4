// Equivalent or out-of-reach survivors of the query compiler (server/src/query/): see index.ts.
import type { Explanation } from './explanation.js';

export const QUERY: readonly Explanation[] = [];
