// Select aggregates of the public API (`q/sum`, `q/avg`, `q/min`, `q/max` over a path through a
// relation or collection; spec: AggregateExpr): which paths they take, and the value each answers
// from the values the path reaches. Sums add the decimals exactly (as scaled integers), so
// 0.1 + 0.2 answers 0.3; the mean is that sum divided by the number of values.
import { Failure } from '../api/failure.js';
import { excerpt } from '../api/excerpt.js';
import type { ResolvedPath } from './paths.js';

export const AGGREGATES = ['q/sum', 'q/avg', 'q/min', 'q/max'] as const;
export type Aggregate = (typeof AGGREGATES)[number];

export function isAggregate(name: unknown): name is Aggregate {
  return (AGGREGATES as readonly unknown[]).includes(name);
}

/** The field types each aggregate reads. */
const NUMBERS = new Set(['svc/integer', 'svc/decimal']);
const ORDERED = new Set([...NUMBERS, 'svc/date', 'svc/date-time']);

/** Refuses a path an aggregate cannot read: it must go through a relation and end on a number (min / max: or a date). */
export function checkAggregatePath(op: Aggregate, path: ResolvedPath, expr: unknown, at: string): void {
  const numeric = op === 'q/sum' || op === 'q/avg';
  const reads = numeric ? NUMBERS : ORDERED;
  if (path.steps.length === 0 || !reads.has(path.last.fieldType)) {
    // Stryker disable next-line StringLiteral: the wording of the message; its operator and data stay
    const what = numeric ? 'an integer or decimal field' : 'an integer, decimal, date or date-time field';
    throw new Failure(
      'entity.error/query-operator-invalid',
      `${at}: ${op} reads ${what} through a relation or collection, written ["${op}", [<collection>, <field>]]; got ${excerpt(expr)}.`,
      { field: at, operator: op, expr: expr as never },
    );
  }
}

/**
 * A finite number as an exact scaled integer: `digits / 10^scale` (`scale` negative for a number
 * JavaScript prints with a positive exponent, such as 1e+21).
 */
function scaled(n: number): { digits: bigint; scale: number } {
  // split answers at least one part: the mantissa (and the whole part) is always there.
  const [mantissa, exponentText] = String(n).split('e') as [string, string | undefined];
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  const negative = mantissa.startsWith('-');
  const [whole, fraction = ''] = mantissa.replace('-', '').split('.') as [string, string | undefined];
  const digits = BigInt(`${whole}${fraction}`);
  return { digits: negative ? -digits : digits, scale: fraction.length - exponent };
}

/** The exact sum of finite numbers, as the nearest JSON number. */
export function exactSum(values: readonly number[]): number {
  const parts = values.map(scaled);
  const scale = Math.max(0, ...parts.map((p) => p.scale));
  let total = 0n;
  for (const p of parts) total += p.digits * 10n ** BigInt(scale - p.scale);
  // Stryker disable next-line EqualityOperator: a sum of 0 written "-0" reads as -0, which JSON writes as 0
  const negative = total < 0n;
  const text = (negative ? -total : total).toString().padStart(scale + 1, '0');
  // "<whole>.<fraction>" ("<whole>." when there is no fraction, which Number reads too).
  return Number(`${negative ? '-' : ''}${text.slice(0, text.length - scale)}.${text.slice(text.length - scale)}`);
}

/**
 * Whether `a` comes before `b`: numbers by value, dates and date-times as stored (`YYYY-MM-DD`,
 * and ISO 8601 UTC with milliseconds), whose text order is their time order.
 */
function before(a: unknown, b: unknown): boolean {
  // Stryker disable next-line EqualityOperator: between equal values it does not matter which one is kept
  return (a as number | string) < (b as number | string);
}

/** The aggregate of the values a path reached (nulls already left out). */
export function aggregateOf(op: Aggregate, values: readonly unknown[]): unknown {
  switch (op) {
    case 'q/sum':
      return exactSum(values as number[]);
    case 'q/avg':
      // Stryker disable next-line ConditionalExpression: 0 / 0 is NaN, which the JSON answer writes as null too
      return values.length === 0 ? null : exactSum(values as number[]) / values.length;
    case 'q/min':
      return values.reduce<unknown>((least, v) => (least === null || before(v, least) ? v : least), null);
    case 'q/max':
      return values.reduce<unknown>((most, v) => (most === null || before(most, v) ? v : most), null);
  }
}
