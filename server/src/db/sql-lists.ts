// Parameter lists of SQL statements: `$3, $4, $5` for an IN (...) or VALUES list, and the chunks a
// long list is cut into so no statement carries too many parameters.

/** `$from, $from+1, ...`: `count` placeholders. */
export function placeholders(count: number, from = 1): string {
  return Array.from({ length: count }, (_, i) => `$${i + from}`).join(', ');
}

/** `items` in slices of at most `size`. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
