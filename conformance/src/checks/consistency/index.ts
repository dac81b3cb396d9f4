/** Checks of cross-surface consistency (one Entity seen through several APIs), in run order; one check per file in this folder (fields.ts: what they share). */
import type { Check } from '../../check.js';
import crossSurface from './cross-surface.js';

export const consistencyChecks: readonly Check[] = [crossSurface];
