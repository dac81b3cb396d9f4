/**
 * The deterministic edge set of the GraphQL filter operators: for a field and the values present
 * in the data, the operands that sit on a boundary (a present value, the nearest operand above
 * and below it, the smallest and largest present value), null and isNull both ways, empty and
 * non-empty `in` / `notIn` lists, and for text case variants and substrings. Every run asks for
 * all of them, whatever the seed drew.
 */
import { compareScalars, type Args, type Scalar } from './model.js';

/** How a field's operands are built: its GraphQL type, and for String fields what the text holds. */
export type OperandKind = 'Int' | 'Float' | 'text' | 'date' | 'date-time';

export const NO_SUCH_ID = '0fffffff-ffff-4fff-bfff-fffffffffff0';

const DAY = 86_400_000;

/** The nearest operand above a value (text: the value followed by a space, which no present value sits between). */
function above(kind: OperandKind, v: string | number): string | number {
  switch (kind) {
    case 'Int':
      return (v as number) + 1;
    case 'Float':
      return (v as number) + 0.125;
    case 'text':
      return `${v as string} `;
    case 'date':
      return new Date(Date.parse(`${v as string}T00:00:00.000Z`) + DAY).toISOString().slice(0, 10);
    case 'date-time':
      return new Date(Date.parse(v as string) + 1).toISOString();
  }
}

/** The nearest operand below a value (text: the last character one code point lower, then `~`). */
function below(kind: OperandKind, v: string | number): string | number | undefined {
  switch (kind) {
    case 'Int':
      return (v as number) - 1;
    case 'Float':
      return (v as number) - 0.125;
    case 'text': {
      const chars = Array.from(v as string);
      const last = chars.pop();
      if (last === undefined) return undefined;
      const code = last.codePointAt(0) ?? 0;
      return code <= 32 ? chars.join('') : `${chars.join('')}${String.fromCodePoint(code - 1)}~`;
    }
    case 'date':
      return new Date(Date.parse(`${v as string}T00:00:00.000Z`) - DAY).toISOString().slice(0, 10);
    case 'date-time':
      return new Date(Date.parse(v as string) - 1).toISOString();
  }
}

/** Distinct present values, ascending. */
export function presentValues(values: readonly Scalar[]): Array<string | number> {
  const present = values.filter((v): v is string | number => v !== null && typeof v !== 'boolean');
  return [...new Set(present)].sort(compareScalars);
}

/** A text with the case of every letter swapped (`aB` gives `Ab`); undefined when no letter changes. */
export function caseVariant(text: string): string | undefined {
  const swapped = Array.from(text, (c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');
  return swapped === text ? undefined : swapped;
}

export interface FieldEdge {
  /** The filter argument, e.g. `{count: {greaterOrEquals: 1}}`. */
  filter: Args;
  /** What it tests, e.g. `count greaterOrEquals 1 (a present value)`. */
  label: string;
}

const COMPARISONS = ['is', 'isNot', 'greater', 'greaterOrEquals', 'less', 'lessOrEquals'] as const;

/** In a lean edge set, the nearest operands each operator takes besides the present value. */
const LEAN_NEIGHBOURS: Record<string, string[]> = {
  greater: ['just below a present value'],
  greaterOrEquals: ['just above a present value'],
  less: ['just above a present value'],
  lessOrEquals: ['just below a present value'],
};

/**
 * The edges of one orderable scalar field (String, Int or Float): every comparison operator with
 * a present value in the middle of the data, the nearest operand above and below it; the
 * comparisons that end at the smallest and largest present values; `in` and `notIn` with an empty
 * list and with a present and an absent value; `isNull` both ways; for text, case variants and
 * substrings with `is`, `in`, `contains` and `notContains`. `lean` (the quick profile): every
 * operator at the present value, and the nearest operands only with the four range operators.
 */
export function scalarEdges(field: string, kind: OperandKind, values: readonly Scalar[], lean = false): FieldEdge[] {
  const present = presentValues(values);
  const edges: FieldEdge[] = [];
  const add = (op: string, operand: unknown, note: string) => edges.push({ filter: { [field]: { [op]: operand } }, label: `${field} ${op} ${JSON.stringify(operand)} (${note})` });
  add('isNull', true, 'missing values');
  add('isNull', false, 'present values');
  add('in', [], 'an empty list');
  add('notIn', [], 'an empty list');
  const mid = present[Math.floor(present.length / 2)];
  const min = present[0];
  const max = present.at(-1);
  if (mid === undefined || min === undefined || max === undefined) return edges;
  const lower = below(kind, mid);
  const operands: Array<[string | number, string]> = [
    [mid, 'a present value'],
    [above(kind, mid), 'just above a present value'],
    ...(lower === undefined ? [] : [[lower, 'just below a present value'] as [string | number, string]]),
  ];
  for (const op of COMPARISONS) {
    for (const [i, [operand, note]] of operands.entries()) {
      // Lean: every operator at the present value; the nearest operands with the operators whose answer they change.
      if (lean && i > 0 && !LEAN_NEIGHBOURS[op]?.includes(note)) continue;
      add(op, operand, note);
    }
  }
  add('greater', max, 'the largest present value');
  if (!lean) add('greaterOrEquals', max, 'the largest present value');
  if (!lean) add('less', min, 'the smallest present value');
  add('lessOrEquals', min, 'the smallest present value');
  const absent = above(kind, max);
  add('in', [mid, absent], 'a present and an absent value');
  add('notIn', [mid, absent], 'a present and an absent value');
  if (kind === 'text') {
    const text = String(present.find((v) => caseVariant(String(v)) !== undefined) ?? mid);
    const variant = caseVariant(text);
    if (variant !== undefined) {
      add('is', variant, `the case variant of the present value ${JSON.stringify(text)}`);
      if (!lean) add('isNot', variant, `the case variant of the present value ${JSON.stringify(text)}`);
      if (!lean) add('in', [variant], `the case variant of the present value ${JSON.stringify(text)}`);
      add('contains', variant, 'a case variant of a present value');
    }
    const longest = String([...present].sort((a, b) => String(b).length - String(a).length)[0] ?? '');
    const part = Array.from(longest).slice(1).join('') || longest;
    add('contains', part, 'a substring of a present value');
    add('notContains', part, 'a substring of a present value');
    add('contains', '', 'the empty text');
    if (!lean) add('notContains', '', 'the empty text');
  }
  return edges;
}

/** Boolean: `is` both ways, `isNull` both ways. */
export function booleanEdges(field: string): FieldEdge[] {
  return [true, false].flatMap((b) => [
    { filter: { [field]: { is: b } }, label: `${field} is ${b}` },
    { filter: { [field]: { isNull: b } }, label: `${field} isNull ${b}` },
  ]);
}

/** ID: `is` a present and an absent id, `isNot`, `in` / `notIn` empty and not, `isNull` both ways. */
export function idEdges(field: string, ids: readonly string[]): FieldEdge[] {
  const [first, second] = ids;
  const edges: FieldEdge[] = [
    { filter: { [field]: { is: NO_SUCH_ID } }, label: `${field} is an absent id` },
    { filter: { [field]: { in: [] } }, label: `${field} in an empty list` },
    { filter: { [field]: { notIn: [] } }, label: `${field} notIn an empty list` },
    { filter: { [field]: { isNull: true } }, label: `${field} isNull true` },
    { filter: { [field]: { isNull: false } }, label: `${field} isNull false` },
  ];
  if (first !== undefined) {
    edges.push({ filter: { [field]: { is: first } }, label: `${field} is a present id` });
    edges.push({ filter: { [field]: { isNot: first } }, label: `${field} isNot a present id` });
    edges.push({ filter: { [field]: { in: [first, ...(second === undefined ? [] : [second]), NO_SUCH_ID] } }, label: `${field} in present ids and an absent one` });
    edges.push({ filter: { [field]: { notIn: [first, NO_SUCH_ID] } }, label: `${field} notIn a present id and an absent one` });
  }
  return edges;
}

/**
 * A field no Entity has a value of (`rank` on a type without the rank mixin, spec/graphql/README.md
 * "System fields": its filter treats every Entity as having no value): every operator of its
 * filter type, each alone and combined, an operator given as null and an empty operator object.
 * `isNot`, `notIn` and `isNull: true` hold for every Entity, every other operator for none.
 */
export function absentEdges(field: string, operand: number): FieldEdge[] {
  const edge = (ops: Args, note: string): FieldEdge => ({ filter: { [field]: ops }, label: `${field} ${JSON.stringify(ops)} (${note}, on a field no Entity has a value of)` });
  return [
    ...COMPARISONS.map((op) => edge({ [op]: operand }, op === 'isNot' ? 'holds for all' : 'holds for none')),
    edge({ in: [operand] }, 'holds for none'),
    edge({ in: [] }, 'an empty list: holds for none'),
    edge({ notIn: [operand] }, 'holds for all'),
    edge({ notIn: [] }, 'an empty list: holds for all'),
    edge({ isNull: true }, 'holds for all'),
    edge({ isNull: false }, 'holds for none'),
    edge({ is: null }, 'an operator given as null is no condition: all'),
    edge({ isNull: null, isNot: null }, 'operators given as null are no condition: all'),
    edge({}, 'an empty operator object: all'),
    edge({ isNot: operand, isNull: true }, 'both hold: all'),
    edge({ isNot: operand, is: operand }, 'one fails: none'),
    edge({ notIn: [operand], isNull: false }, 'one fails: none'),
    edge({ isNull: true, less: operand }, 'one fails: none'),
  ];
}
