// Building one SQL statement: parameters are numbered as they are added.
export class Params {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  list(values: readonly unknown[]): string {
    return values.map((v) => this.add(v)).join(', ');
  }
}

/** Columns of `entities` every level selects. */
export const ENTITY_COLUMNS = 'id, public_id, created_at, modified_at, created_by, data';

export function entityColumns(alias: string): string {
  return ENTITY_COLUMNS.split(', ')
    .map((c) => `${alias}.${c}`)
    .join(', ');
}

export interface EntityRow {
  id: string;
  public_id: number;
  created_at: Date | string;
  modified_at: Date | string;
  created_by: string | null;
  data: Record<string, unknown>;
}

/** A statement-local alias generator (`t1`, `t2`, ...). */
export class Aliases {
  private n = 0;
  next(prefix = 't'): string {
    this.n += 1;
    return `${prefix}${this.n}`;
  }
}
