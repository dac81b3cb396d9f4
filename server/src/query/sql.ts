// Building one SQL statement. Parameters get placeholders that are numbered when the statement
// is finished, from the text that is left: parts folded away by the compiler (a constant
// condition) take their parameters with them, and a placeholder used twice keeps one number.
export class Params {
  // Stryker disable next-line ArrayDeclaration: an entry before the first shifts every index alike
  private readonly added: unknown[] = [];

  add(value: unknown): string {
    this.added.push(value);
    return `@@p${this.added.length - 1}@@`;
  }

  list(values: readonly unknown[]): string {
    return values.map((v) => this.add(v)).join(', ');
  }

  /** The statement with `$1`, `$2`, ... in order of first appearance, and their values. */
  finish(sql: string): { text: string; values: unknown[] } {
    const numbers = new Map<number, number>();
    // Stryker disable next-line ArrayDeclaration: out of reach on pg-mem, which lets a statement leave $1 unused (PostgreSQL does not; server/test runs it)
    const values: unknown[] = [];
    const text = sql.replace(/@@p(\d+)@@/g, (_, index: string) => {
      const i = Number(index);
      let n = numbers.get(i);
      // Stryker disable next-line ConditionalExpression: a placeholder used twice may as well get two numbers of the same value
      if (n === undefined) {
        values.push(this.added[i]);
        n = values.length;
        numbers.set(i, n);
      }
      return `$${n}`;
    });
    return { text, values };
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
