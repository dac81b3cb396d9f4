// "Did you mean": the known name nearest to a misspelt one, for error messages.

/** Edit distance (insertions, deletions, substitutions, swaps of neighbours) of two strings, up to `limit` + 1. */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((previous[j] as number) + 1, (row[j - 1] as number) + 1, (previous[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, (before[j - 2] as number) + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > limit) return limit + 1;
    before = previous;
    previous = row;
  }
  return previous[b.length] as number;
}

/**
 * The candidate nearest to `name` when it is near enough to be a slip (a distance of at most a
 * third of the name's length, at least 1, at most 3; case differences count as half), or undefined.
 */
export function nearestName(name: string, candidates: Iterable<string>): string | undefined {
  const limit = Math.min(3, Math.max(1, Math.floor(name.length / 3)));
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    if (candidate === name) continue;
    const distance = candidate.toLowerCase() === name.toLowerCase() ? 0.5 : editDistance(name, candidate, limit);
    if (distance <= limit && (!best || distance < best.distance)) best = { candidate, distance };
  }
  return best?.candidate;
}

/** The part of a qualified name after its Space (`Demo/Tasks` -> `Tasks`); the name itself when unqualified. */
function unqualified(name: string): string {
  const slash = name.indexOf('/');
  return slash < 0 ? name : name.slice(slash + 1);
}

/**
 * The known names a misspelt or unqualified one most likely meant, at most `max`: the nearest
 * name (nearestName), else the qualified names whose part after the Space is the name or near it
 * (`Tasks` -> `Demo/Tasks`, `Titel` -> `Demo/Title`), in order of distance then name.
 */
export function nearNames(name: string, candidates: Iterable<string>, max = 3): string[] {
  const list = [...candidates];
  const near = nearestName(name, list);
  if (near !== undefined) return [near];
  if (name.includes('/') || name === '') return [];
  const limit = Math.min(3, Math.max(1, Math.floor(name.length / 3)));
  const scored: Array<{ candidate: string; distance: number }> = [];
  for (const candidate of list) {
    const tail = unqualified(candidate);
    if (tail === candidate) continue;
    const distance = tail === name ? 0 : tail.toLowerCase() === name.toLowerCase() ? 0.5 : editDistance(name, tail, limit);
    if (distance <= limit) scored.push({ candidate, distance });
  }
  scored.sort((a, b) => a.distance - b.distance || (a.candidate < b.candidate ? -1 : a.candidate > b.candidate ? 1 : 0));
  return scored.slice(0, max).map((s) => s.candidate);
}

/** ` (did you mean "A"?)`, ` (did you mean "A" or "B"?)`, or '' for no names. */
export function didYouMean(names: readonly string[]): string {
  if (names.length === 0) return '';
  const quoted = names.map((n) => JSON.stringify(n));
  return ` (did you mean ${quoted.length === 1 ? quoted[0] : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`}?)`;
}
