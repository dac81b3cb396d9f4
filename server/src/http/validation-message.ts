// Picks the useful part of a validator report. A body checked against `oneOf` branches (one per
// command) yields one complaint per branch; only the branch the body chose matters.
export interface ValidatorIssue {
  path?: string;
  message?: string;
}

const NOISE = [/^must match exactly one schema in oneOf$/, /^must match a schema in anyOf$/, /^must match "then" schema$/];
const BRANCH_MISMATCH = [/^must be equal to constant$/, /^must be equal to one of the allowed values$/];

function key(issue: ValidatorIssue): string {
  return `${issue.path ?? ''}\u0000${issue.message ?? ''}`;
}

/** The issues worth showing, most specific first (deepest path), without duplicates. */
export function relevantIssues(issues: ValidatorIssue[]): ValidatorIssue[] {
  const unique = [...new Map(issues.map((i) => [key(i), i])).values()];
  const notNoise = unique.filter((i) => !NOISE.some((re) => re.test(i.message ?? '')));
  const specific = notNoise.filter((i) => !BRANCH_MISMATCH.some((re) => re.test(i.message ?? '')));
  // "must be array" at the root is the other branch of "one command or an array of commands".
  const meaningful = specific.filter((i) => !(i.message === 'must be array' && (i.path === '/body' || i.path === '/body/')));
  const chosen = meaningful.length > 0 ? meaningful : notNoise.length > 0 ? notNoise : unique;
  return chosen.sort((a, b) => (b.path ?? '').split('/').length - (a.path ?? '').split('/').length);
}
