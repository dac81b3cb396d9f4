// One explained survivor: the shape every module's list of explanations shares (index.ts).
export interface Explanation {
  file: string;
  mutator: string;
  /** The mutated text as the results show it (`original` column). */
  original: string;
  /** The replacement as the results show it (`mutant` column). */
  replacement: string;
  reason: string;
  /** Only the mutant on this line: where the same text is mutated alike on two lines and only one is equivalent (a line that moved no longer matches, and its survivor shows again). */
  line?: number;
}

/** Entries sharing one reason: `[file, mutator, original, replacement]` each. */
export function withReason(reason: string, rows: ReadonlyArray<readonly [string, string, string, string]>): Explanation[] {
  return rows.map(([file, mutator, original, replacement]) => ({ file, mutator, original, replacement, reason }));
}
