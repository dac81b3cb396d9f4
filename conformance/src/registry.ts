/**
 * The check registry: validates the catalogue of checks and selects checks by
 * check ID, requirement ID or area (`--only` / `--skip`).
 */
import { CHECK_ID_PATTERN, REQUIREMENT_ID_PATTERN, type Check, type Target } from './check.js';
import { allChecks } from './checks/index.js';

export interface Selection {
  only?: readonly string[];
  skip?: readonly string[];
}

/** Problems of a list of checks: bad or duplicate IDs, missing name, level or requirements. */
export function catalogueProblems(checks: readonly Check[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const check of checks) {
    if (!CHECK_ID_PATTERN.test(check.id)) problems.push(`check id ${JSON.stringify(check.id)} is not lowercase dotted (e.g. auth.missing-token)`);
    if (seen.has(check.id)) problems.push(`check id ${check.id} is used twice`);
    seen.add(check.id);
    if (check.name.trim() === '') problems.push(`check ${check.id} has no name`);
    if (!['MUST', 'SHOULD', 'MAY'].includes(check.level)) problems.push(`check ${check.id} has level ${String(check.level)}`);
    if (check.requirements.length === 0) problems.push(`check ${check.id} names no requirement`);
    for (const id of check.requirements) {
      if (!REQUIREMENT_ID_PATTERN.test(id)) problems.push(`check ${check.id} names ${JSON.stringify(id)}, not a requirement ID`);
    }
  }
  return problems;
}

/** Does a selector (check ID, check ID prefix, requirement ID or area) match a check? */
export function matches(check: Check, selector: string): boolean {
  const s = selector.trim();
  if (s === '') return false;
  if (check.id === s || check.id.startsWith(`${s}.`)) return true;
  if (check.area === s) return true;
  return check.requirements.some((id) => id.toUpperCase() === s.toUpperCase());
}

export class SelectionError extends Error {
  constructor(readonly unknownSelectors: string[]) {
    super(`no check matches ${unknownSelectors.map((s) => JSON.stringify(s)).join(', ')} (use a check ID, a requirement ID or an area; see --list)`);
    this.name = 'SelectionError';
  }
}

/** Applies only/skip; a selector that matches no check at all is an error (likely a typo). */
export function selectChecks(checks: readonly Check[], selection: Selection = {}): Check[] {
  const only = (selection.only ?? []).map((s) => s.trim()).filter((s) => s !== '');
  const skip = (selection.skip ?? []).map((s) => s.trim()).filter((s) => s !== '');
  const unknown = [...only, ...skip].filter((s) => !checks.some((c) => matches(c, s)));
  if (unknown.length > 0) throw new SelectionError(unknown);
  return checks.filter((c) => (only.length === 0 || only.some((s) => matches(c, s))) && !skip.some((s) => matches(c, s)));
}

export function checksFor(target: Target, checks: readonly Check[] = allChecks): Check[] {
  return checks.filter((c) => c.target === target);
}
