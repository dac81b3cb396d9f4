// GraphQL filter and orderBy arguments to the query engine's terms (README, "Query semantics").
// Operator filters become `q/where` expressions, so comparisons, missing values and negations
// behave exactly as in the command API; relation and inner-list filters become `some` conditions
// (one related Entity matching the whole nested filter). `orderBy` becomes a `q/order-by` value.
import { GraphQLError } from 'graphql';
import { ALWAYS, type Condition } from '../query/where.js';
import { filterableFields, orderableFields, sourceName, type FieldModel, type ObjectModel } from './space-model.js';

type Input = Record<string, unknown>;

/** Values of a request's filters, passed to the engine as `$params` (never inlined in expressions). */
export class ParamBag {
  readonly values: Record<string, unknown> = {};
  private count = 0;

  add(value: unknown): string {
    // Stryker disable next-line AssignmentOperator: the names only need to differ ($gql-1, $gql-2 would do as well)
    this.count += 1;
    const name = `$gql${this.count}`;
    this.values[name] = value;
    return name;
  }
}

const and = (parts: Condition[]): Condition => (parts.length === 1 ? (parts[0] as Condition) : { kind: 'and', parts });
const or = (parts: Condition[]): Condition => (parts.length === 1 ? (parts[0] as Condition) : { kind: 'or', parts });
const not = (part: Condition): Condition => ({ kind: 'not', part });
const some = (field: Extract<FieldModel, { kind: 'object' }>, where: Condition): Condition => ({ kind: 'some', field: field.field, where });

function isInput(value: unknown): value is Input {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The `q/where` operator of each filter operator; `isNull` is handled apart. */
const OPERATORS: Record<string, string> = {
  is: '=',
  isNot: '!=',
  contains: 'q/contains',
  notContains: 'q/not-contains',
  greater: '>',
  greaterOrEquals: '>=',
  less: '<',
  lessOrEquals: '<=',
  in: 'q/in',
  notIn: 'q/not-in',
};

const TIMESTAMP_FIELDS: ReadonlySet<string> = new Set(['svc/creation-date', 'svc/modification-date']);

/** One operator object (`{is: "a", isNot: null}`) on a path: one condition per operator given. */
function operatorConditions(path: string[], f: FieldModel, ops: Input, bag: ParamBag, where: string): Condition[] {
  const parts: Condition[] = [];
  for (const [op, value] of Object.entries(ops)) {
    if (value === null || value === undefined) continue;
    if (op === 'isNull') {
      parts.push({ kind: 'expr', expr: ['=', ['q/null?', path], value], where });
      continue;
    }
    if ((op === 'contains' || op === 'notContains') && TIMESTAMP_FIELDS.has(sourceName(f))) {
      throw new GraphQLError(`${where}: "${op}" does not apply to ${f.name}, a timestamp; compare it with is, greater, less, ... instead.`, {
        extensions: { code: 'BAD_USER_INPUT' },
      });
    }
    const operator = OPERATORS[op];
    // Stryker disable next-line all: GraphQL validation admits only the operators of the filter types, all of them in OPERATORS
    if (!operator) throw new Error(`unknown filter operator ${op}`);
    parts.push({ kind: 'expr', expr: [operator, path, bag.add(value)], where });
  }
  return parts;
}

const NEVER: Condition = { kind: 'or', parts: [] };

/**
 * An operator object on a field the type does not have (`rank` without a rank), which is null on
 * every Entity: each operator holds or fails for all alike, as it would on a missing value
 * (`isNot`, `notIn` and `notContains` hold, `isNull: true` holds, every other operator fails).
 */
function absentConditions(ops: Input): Condition[] {
  const parts: Condition[] = [];
  for (const [op, value] of Object.entries(ops)) {
    if (value === null || value === undefined) continue;
    const holds = op === 'isNull' ? value === true : op === 'isNot' || op === 'notIn' || op === 'notContains';
    parts.push(holds ? ALWAYS : NEVER);
  }
  return parts;
}

/** The fields of `<Type>Filter` that choose among the matches rather than filter (README, "Query semantics"). */
export const SELECTION_KEYS = ['orderBy', 'limit', 'offset'] as const;

/**
 * A `<Type>Filter` value on Entities of `object`: every field filter given must hold. Its
 * `orderBy`, `limit` and `offset` are read by the caller that selects Entities with it (a
 * relation value of a mutation) and taken out before; given here, inside a filter, they are refused.
 */
export function filterCondition(object: ObjectModel, filter: Input, bag: ParamBag, where: string): Condition {
  for (const key of SELECTION_KEYS) {
    if (filter[key] === null || filter[key] === undefined) continue;
    throw new GraphQLError(`${where}.${key}: orderBy, limit and offset of a filter apply only where it selects Entities (a relation value of a mutation), not inside a filter.`, {
      extensions: { code: 'BAD_USER_INPUT', field: `${where}.${key}` },
    });
  }
  const parts: Condition[] = [];
  const fields = new Map(filterableFields(object).map((f) => [f.name, f]));
  for (const [name, value] of Object.entries(filter)) {
    if (!isInput(value)) continue;
    const f = fields.get(name);
    if (!f) continue;
    // Stryker disable next-line StringLiteral: where in the request, for error messages only
    const at = `${where}.${name}`;
    switch (f.kind) {
      case 'scalar':
        parts.push(...operatorConditions([f.field.name], f, value, bag, at));
        break;
      case 'absent':
        parts.push(...absentConditions(value));
        break;
      case 'object':
        parts.push(f.many ? listCondition(f, value, bag, at) : relationCondition(f, value, bag, at));
        break;
      // Stryker disable next-line ConditionalExpression: files and rich text fields take no filter (filterableFields)
      default:
        break;
    }
  }
  return and(parts);
}

/**
 * A relation filter: the related Entity exists and matches; an empty relation matches only a
 * filter with `id: {isNull: true}`.
 */
function relationCondition(f: Extract<FieldModel, { kind: 'object' }>, filter: Input, bag: ParamBag, where: string): Condition {
  const matches = some(f, filterCondition(f.target, filter, bag, where));
  const id = filter['id'];
  if (isInput(id) && id['isNull'] === true) return or([matches, not(some(f, ALWAYS))]);
  return matches;
}

/**
 * The list operators of `<Type>CollectionFilter` other than isEmpty: how the item filters combine, and
 * whether each is "some item matches" or "no item matches".
 */
const LIST_OPERATORS: ReadonlyArray<[string, (parts: Condition[]) => Condition, boolean]> = [
  ['contains', and, false],
  ['containsAny', or, false],
  ['notContains', and, true],
  ['notContainsAny', or, true],
];

/** An inner-list filter (`<Type>CollectionFilter`): its operators combine with AND. */
function listCondition(f: Extract<FieldModel, { kind: 'object' }>, filter: Input, bag: ParamBag, where: string): Condition {
  const parts: Condition[] = [];
  if (typeof filter['isEmpty'] === 'boolean') parts.push(filter['isEmpty'] ? not(some(f, ALWAYS)) : some(f, ALWAYS));
  for (const [op, combine, negated] of LIST_OPERATORS) {
    const items = filter[op];
    if (!Array.isArray(items)) continue;
    const conditions = items.map((item: Input, i) => {
      // Stryker disable next-line StringLiteral: where in the request, for error messages only
      const has = some(f, filterCondition(f.target, item, bag, `${where}.${op}[${i}]`));
      return negated ? not(has) : has;
    });
    parts.push(combine(conditions));
  }
  return and(parts);
}

/**
 * An `orderBy` value to `q/order-by` keys: keys in the order the `<Type>Order` input declares
 * them (input objects are unordered), relation keys through to the related Entity's fields.
 */
export function orderKeys(object: ObjectModel, orderBy: Input, prefix: string[] = []): Array<[string[], 'q/asc' | 'q/desc']> {
  const keys: Array<[string[], 'q/asc' | 'q/desc']> = [];
  for (const f of orderableFields(object)) {
    const value = orderBy[f.name];
    if (value === null || value === undefined) continue;
    if (f.kind === 'object') {
      // GraphQL coerced it to the target's <Type>Order input.
      keys.push(...orderKeys(f.target, value as Input, [...prefix, f.field.name]));
      continue;
    }
    // A field the type does not have is null on every Entity: it orders nothing.
    if (f.kind !== 'scalar') continue;
    keys.push([[...prefix, f.field.name], value === 'DESC' ? 'q/desc' : 'q/asc']);
  }
  return keys;
}
