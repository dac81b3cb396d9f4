/** Checks of the documents area, in run order; one check per file in this folder. */
import type { Check } from '../../check.js';

export const documentsChecks: readonly Check[] = [];
