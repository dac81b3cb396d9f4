/** Checks of the webhooks area, in run order; one check per file in this folder. */
import type { Check } from '../../check.js';

export const webhooksChecks: readonly Check[] = [];
