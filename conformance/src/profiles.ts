/**
 * Run profiles. `full` runs every selected check with 100 runs per property. `quick` is for the
 * edit-run loop (under a minute against the reference server): 5 runs per property, and the checks
 * marked `cost: 'slow'` (long even with few runs: sync chains, hundreds of round trips) left out;
 * the report lists what it left out.
 */
import type { Profile } from '../../generated/conformance/report.js';
import type { Check } from './check.js';

export const PROFILES: readonly Profile[] = ['quick', 'full'];

/** fast-check runs per property of each profile (`--runs` overrides). */
export const PROFILE_RUNS: Readonly<Record<Profile, number>> = { quick: 5, full: 100 };

export function isProfile(value: string): value is Profile {
  return (PROFILES as readonly string[]).includes(value);
}

/**
 * The checks a profile runs out of a selection, the ones it leaves out, and its runs per property.
 * A check named by its exact ID (`--only <id>`) runs whatever its cost.
 */
export function profileChecks(profile: Profile, selected: readonly Check[], named: ReadonlySet<string> = new Set()): { checks: Check[]; leftOut: Check[]; numRuns: number } {
  const leftOut = profile === 'quick' ? selected.filter((c) => c.cost === 'slow' && !named.has(c.id)) : [];
  return { checks: selected.filter((c) => !leftOut.includes(c)), leftOut, numRuns: PROFILE_RUNS[profile] };
}
