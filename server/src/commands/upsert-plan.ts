// What `svc.entity.batch/create-or-update` does with each Entity, decided before anything is
// written: Entities of the batch with one conflict value count once (`skip-create`: the first of
// them, `update-latest`: the last); the one that counts is created, or meets the duplicate found.
export type ConflictAction = 'skip-create' | 'update-latest';

export type Step =
  | { kind: 'create' }
  | { kind: 'skip' }
  | { kind: 'update' }
  /** Another Entity of the batch (`of`, its index) counts for this one's value; this one is not written. */
  | { kind: 'batch-duplicate'; of: number };

/**
 * The step of each Entity, from its conflict key (undefined: no value, matches nothing) and
 * whether an existing Entity holds that key.
 */
export function planUpsert(keys: ReadonlyArray<string | undefined>, action: ConflictAction, existing: (key: string) => boolean): Step[] {
  const counted = new Map<string, number>();
  keys.forEach((key, i) => {
    if (key !== undefined && (action === 'update-latest' || !counted.has(key))) counted.set(key, i);
  });
  return keys.map((key, i): Step => {
    if (key === undefined) return { kind: 'create' };
    const of = counted.get(key) as number;
    if (of !== i) return { kind: 'batch-duplicate', of };
    if (!existing(key)) return { kind: 'create' };
    return action === 'skip-create' ? { kind: 'skip' } : { kind: 'update' };
  });
}
