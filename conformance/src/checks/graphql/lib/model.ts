/**
 * An in-memory model of the GraphQL read API over the GraphQL data set (dataset.ts), as
 * spec/graphql/README.md ("Query semantics") states it: operator filters, relation filters,
 * inner-list filters, orderBy (also through relations) with nulls last ascending and first
 * descending, then creation order and id, limit and offset. Filters and orderBy values are the
 * GraphQL arguments as a client writes them (`{count: {greaterOrEquals: 1}}`).
 */
import { compareText, type Dataset, type GroupRecord, type ItemRecord } from './dataset.js';

export type Scalar = string | number | boolean | null;
export type Args = Record<string, unknown>;

/** A user as the GraphQL `User` type shows it. */
export interface UserRecord {
  id: string;
  email: string | null;
  name: string | null;
}

/** One Entity of the model: scalar fields, to-one relations and inner lists by GraphQL name. */
export interface ModelEntity {
  id: string;
  creationDate: string;
  scalars: Record<string, Scalar>;
  one: Record<string, ModelEntity | null>;
  many: Record<string, ModelEntity[]>;
  /** The `<Type>Order` keys in declaration order (to-one relations among them). */
  orderKeys: readonly string[];
}

/** `<Type>Order` declaration orders (system fields first, then the fields in schema order). */
export const ITEM_ORDER = ['id', 'publicId', 'creationDate', 'modificationDate', 'rank', 'createdBy', 'title', 'count', 'amount', 'done', 'due', 'at', 'group', 'kind', 'span', 'place', 'window'] as const;
export const GROUP_ORDER = ['id', 'publicId', 'creationDate', 'modificationDate', 'rank', 'createdBy', 'name', 'rank_2'] as const;
export const OPTION_ORDER = ['id', 'publicId', 'rank', 'icon', 'name'] as const;
export const USER_ORDER = ['id', 'publicId', 'creationDate', 'modificationDate', 'email', 'name'] as const;

export interface Model {
  items: ModelEntity[];
  groups: ModelEntity[];
  byId: Map<string, ModelEntity>;
}

/** The option of a single select, by its name (an object with `name`, ordered by its option order keys). */
function optionEntity(name: string | null): ModelEntity | null {
  return name === null ? null : { id: `option:${name}`, creationDate: '', scalars: { name }, one: {}, many: {}, orderKeys: OPTION_ORDER };
}

function userEntity(user: UserRecord): ModelEntity {
  return { id: user.id, creationDate: '', scalars: { id: user.id, email: user.email, name: user.name }, one: {}, many: {}, orderKeys: USER_ORDER };
}

/** The system fields; `rank` is null on every Entity: the test Databases have no rank mixin (README, "System fields"). */
function system(record: ItemRecord | GroupRecord): Record<string, Scalar> {
  return { id: record.id, creationDate: record.creationDate, modificationDate: record.modificationDate, rank: null };
}

/** Links the data set into model Entities; `users` gives the `createdBy` users by id. */
export function buildModel(data: Dataset, users: ReadonlyMap<string, UserRecord>): Model {
  const byId = new Map<string, ModelEntity>();
  const user = (id: string | null): ModelEntity | null => {
    if (id === null) return null;
    return userEntity(users.get(id) ?? { id, email: null, name: null });
  };
  const groups = data.groups.map((g): ModelEntity => ({
    id: g.id,
    creationDate: g.creationDate,
    scalars: { ...system(g), name: g.name, rank_2: g.rank },
    one: { createdBy: user(g.createdBy) },
    many: { members: [], tagged: [] },
    orderKeys: GROUP_ORDER,
  }));
  for (const g of groups) byId.set(g.id, g);
  const items = data.items.map((i): ModelEntity => {
    const group = i.group === null ? null : (byId.get(i.group) ?? null);
    const tags = i.tags.map((t) => byId.get(t)).filter((g): g is ModelEntity => g !== undefined);
    const entity: ModelEntity = {
      id: i.id,
      creationDate: i.creationDate,
      scalars: {
        ...system(i),
        title: i.title,
        count: i.count,
        amount: i.amount,
        done: i.done,
        due: i.due,
        at: i.at,
        ...(i.span === undefined ? {} : { span: i.span }),
        ...(i.window === undefined ? {} : { window: i.window }),
        ...(i.place === undefined ? {} : { place: i.place }),
      },
      one: { createdBy: user(i.createdBy), group, ...(i.kind === undefined ? {} : { kind: optionEntity(i.kind) }) },
      many: { tags: sortByCreation(tags) },
      orderKeys: ITEM_ORDER,
    };
    group?.many['members']?.push(entity);
    for (const t of tags) t.many['tagged']?.push(entity);
    return entity;
  });
  for (const i of items) byId.set(i.id, i);
  for (const g of groups) for (const list of Object.values(g.many)) list.sort(creation);
  return { items: sortByCreation(items), groups: sortByCreation(groups), byId };
}

function creation(a: ModelEntity, b: ModelEntity): number {
  const at = Date.parse(a.creationDate) - Date.parse(b.creationDate);
  return at !== 0 ? Math.sign(at) : compareText(a.id, b.id);
}

function sortByCreation(list: ModelEntity[]): ModelEntity[] {
  return [...list].sort(creation);
}

// ---------------------------------------------------------------- filters

function isArgs(value: unknown): value is Args {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Strings by code point, numbers by value, booleans false before true. */
export function compareScalars(a: Exclude<Scalar, null>, b: Exclude<Scalar, null>): number {
  if (typeof a === 'string' && typeof b === 'string') return compareText(a, b);
  return Math.sign(Number(a) - Number(b));
}

/** One operator object on a value: every operator given (not null) must hold. */
export function scalarMatches(value: Scalar, ops: Args): boolean {
  const present = value !== null;
  const cmp = (operand: unknown) => compareScalars(value as Exclude<Scalar, null>, operand as Exclude<Scalar, null>);
  for (const [op, operand] of Object.entries(ops)) {
    if (operand === null || operand === undefined) continue;
    let holds: boolean;
    switch (op) {
      case 'is':
        holds = present && cmp(operand) === 0;
        break;
      case 'isNot':
        holds = !(present && cmp(operand) === 0);
        break;
      case 'greater':
        holds = present && cmp(operand) > 0;
        break;
      case 'greaterOrEquals':
        holds = present && cmp(operand) >= 0;
        break;
      case 'less':
        holds = present && cmp(operand) < 0;
        break;
      case 'lessOrEquals':
        holds = present && cmp(operand) <= 0;
        break;
      case 'in':
        holds = present && (operand as unknown[]).some((o) => cmp(o) === 0);
        break;
      case 'notIn':
        holds = !(present && (operand as unknown[]).some((o) => cmp(o) === 0));
        break;
      case 'contains':
        holds = typeof value === 'string' && value.includes(String(operand));
        break;
      case 'notContains':
        holds = !(typeof value === 'string' && value.includes(String(operand)));
        break;
      case 'isNull':
        holds = !present === operand;
        break;
      default:
        throw new Error(`the GraphQL model has no operator ${op}`);
    }
    if (!holds) return false;
  }
  return true;
}

/** A `<Type>Filter`: every field filter given must hold. */
export function filterMatches(entity: ModelEntity, filter: Args): boolean {
  for (const [name, value] of Object.entries(filter)) {
    if (value === null || value === undefined) continue;
    if (!isArgs(value)) throw new Error(`the GraphQL model takes operator objects; ${name} is ${JSON.stringify(value)}`);
    if (name in entity.scalars) {
      if (!scalarMatches(entity.scalars[name] as Scalar, value)) return false;
    } else if (name in entity.one) {
      if (!relationMatches(entity.one[name] ?? null, value)) return false;
    } else if (name in entity.many) {
      if (!listMatches(entity.many[name] ?? [], value)) return false;
    } else {
      throw new Error(`the GraphQL model has no field ${name}`);
    }
  }
  return true;
}

/** A relation filter: the related Entity exists and matches; an empty relation matches only `{id: {isNull: true}}`. */
export function relationMatches(related: ModelEntity | null, filter: Args): boolean {
  if (related !== null) return filterMatches(related, filter);
  const id = filter['id'];
  return isArgs(id) && id['isNull'] === true;
}

/** A `<Type>ListFilter` (README, "Query semantics" 4). */
export function listMatches(list: readonly ModelEntity[], filter: Args): boolean {
  const has = (f: unknown) => list.some((e) => filterMatches(e, isArgs(f) ? f : {}));
  const given = (op: string): unknown[] | undefined => (Array.isArray(filter[op]) ? (filter[op] as unknown[]) : undefined);
  const isEmpty = filter['isEmpty'];
  if (typeof isEmpty === 'boolean' && (list.length === 0) !== isEmpty) return false;
  const contains = given('contains');
  if (contains && !contains.every(has)) return false;
  const containsAny = given('containsAny');
  if (containsAny && !containsAny.some(has)) return false;
  const notContains = given('notContains');
  if (notContains && !notContains.every((f) => !has(f))) return false;
  const notContainsAny = given('notContainsAny');
  if (notContainsAny && !notContainsAny.some((f) => !has(f))) return false;
  return true;
}

// ---------------------------------------------------------------- order, limit and offset

interface OrderKey {
  path: string[];
  desc: boolean;
}

/** The keys of an orderBy value, in declaration order, relation keys through to the target's. */
export function orderKeysOf(keys: readonly string[], orderBy: Args, target: (name: string) => readonly string[], prefix: string[] = []): OrderKey[] {
  const out: OrderKey[] = [];
  for (const key of keys) {
    const value = orderBy[key];
    if (value === null || value === undefined) continue;
    if (isArgs(value)) out.push(...orderKeysOf(target(key), value, target, [...prefix, key]));
    else out.push({ path: [...prefix, key], desc: value === 'DESC' });
  }
  return out;
}

function valueAt(entity: ModelEntity, path: readonly string[]): Scalar {
  const [head, ...rest] = path;
  if (head === undefined) return null;
  if (rest.length === 0) return entity.scalars[head] ?? null;
  const next = entity.one[head];
  return next ? valueAt(next, rest) : null;
}

const ORDER_TARGETS: Record<string, readonly string[]> = { createdBy: USER_ORDER, group: GROUP_ORDER, author: USER_ORDER, kind: OPTION_ORDER };

/** Entities in the order of `orderBy` (ASC: missing values last; DESC: first), then creation order, then id. */
export function ordered(list: readonly ModelEntity[], orderBy: Args | null | undefined): ModelEntity[] {
  const first = list[0];
  if (!first || !orderBy) return sortByCreation([...list]);
  const keys = orderKeysOf(first.orderKeys, orderBy, (name) => ORDER_TARGETS[name] ?? []);
  return [...list].sort((a, b) => {
    for (const key of keys) {
      const x = valueAt(a, key.path);
      const y = valueAt(b, key.path);
      if (x === null && y === null) continue;
      if (x === null || y === null) return (x === null ? 1 : -1) * (key.desc ? -1 : 1);
      const c = compareScalars(x, y);
      if (c !== 0) return key.desc ? -c : c;
    }
    return creation(a, b);
  });
}

/** The arguments of a list field: field filters, orderBy, limit (default 100) and offset. */
export function listQuery(list: readonly ModelEntity[], args: Args): ModelEntity[] {
  const { orderBy, limit, offset, ...filters } = args;
  const matching = list.filter((e) => filterMatches(e, filters));
  const start = typeof offset === 'number' ? offset : 0;
  const count = typeof limit === 'number' ? limit : 100;
  return ordered(matching, isArgs(orderBy) ? orderBy : null).slice(start, start + count);
}
