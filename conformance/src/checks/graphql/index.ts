/** Checks of the graphql area, in run order; one check per file in this folder. */
import type { Check } from '../../check.js';

export const graphqlChecks: readonly Check[] = [];
