/**
 * The edge cases of inner lists over the test Groups (members: one-to-many, tagged: many-to-many)
 * and Items (tags): the inner-list filters (isEmpty both ways on empty and non-empty collections,
 * contains, containsAny, notContains, notContainsAny with empty lists and with item filters at an
 * operator boundary), and the arguments of inner lists (field filters of each type at a boundary,
 * orderBy on every kind of key in both directions, limit and offset at 0, 1, the largest
 * collection and beyond), on the one-to-many and the many-to-many collection of every Group.
 */
import type { Dataset } from './dataset.js';
import { NO_SUCH_ID, caseVariant, presentValues } from './edges.js';
import { MAX_LIMIT } from './item-edges.js';
import type { Args } from './model.js';
import type { InnerList, SweepCase } from './sweep.js';

const mid = <T>(values: readonly T[]): T | undefined => values[Math.floor(values.length / 2)];

/** Item filters on a boundary: each holds for some Items of the data set and not for others. */
export function boundaryItemFilters(data: Dataset): Array<{ filter: Args; label: string }> {
  const count = mid(presentValues(data.items.map((i) => i.count)));
  const amount = mid(presentValues(data.items.map((i) => i.amount)));
  const title = mid(presentValues(data.items.map((i) => i.title)));
  const out: Array<{ filter: Args; label: string }> = [];
  if (count !== undefined) {
    out.push({ filter: { count: { greaterOrEquals: count } }, label: `count greaterOrEquals ${count}` });
    out.push({ filter: { count: { lessOrEquals: count } }, label: `count lessOrEquals ${count}` });
    out.push({ filter: { count: { greater: count } }, label: `count greater ${count}` });
    out.push({ filter: { count: { less: count } }, label: `count less ${count}` });
  }
  if (amount !== undefined) {
    out.push({ filter: { amount: { is: amount } }, label: `amount is ${amount}` });
    out.push({ filter: { amount: { isNot: amount } }, label: `amount isNot ${amount}` });
  }
  if (title !== undefined) {
    out.push({ filter: { title: { greaterOrEquals: title } }, label: `title greaterOrEquals ${JSON.stringify(title)}` });
    out.push({ filter: { title: { less: title } }, label: `title less ${JSON.stringify(title)}` });
    const variant = caseVariant(String(title));
    if (variant !== undefined) out.push({ filter: { title: { is: variant } }, label: `title is ${JSON.stringify(variant)} (a case variant)` });
  }
  out.push({ filter: { done: { is: false } }, label: 'done is false' });
  out.push({ filter: { done: { isNull: true } }, label: 'done isNull true' });
  out.push({ filter: { id: { in: [] } }, label: 'id in an empty list' });
  out.push({ filter: { id: { notIn: [] } }, label: 'id notIn an empty list' });
  return out;
}

const groups = (label: string, args: Args, inner?: Record<string, InnerList>): SweepCase => ({ label, root: 'findGroups', args, ...(inner ? { inner } : {}) });

/** Filters of Groups by their collections (`ItemListFilter`); `thorough` adds `contains` of each boundary filter alone. */
export function listFilterCases(data: Dataset, thorough: boolean): SweepCase[] {
  const filters = boundaryItemFilters(data);
  const none = { id: { is: NO_SUCH_ID } };
  const some = filters[0]?.filter ?? { id: { isNull: false } };
  const other = filters[4]?.filter ?? filters[1]?.filter ?? some;
  const cases: SweepCase[] = [];
  for (const field of ['members', 'tagged']) {
    cases.push(groups(`${field} isEmpty true`, { [field]: { isEmpty: true } }));
    cases.push(groups(`${field} isEmpty false`, { [field]: { isEmpty: false } }));
  }
  const ops: Array<[string, Args[]]> = [
    ['contains', []],
    ['containsAny', []],
    ['notContains', []],
    ['notContainsAny', []],
    ['contains', [some, other]],
    ['contains', [none]],
    ['containsAny', [none, some]],
    ['containsAny', [none]],
    ['notContains', [some]],
    ['notContains', [none]],
    ['notContainsAny', [some, other]],
    ['notContainsAny', [none, some]],
  ];
  for (const [i, [op, list]] of ops.entries()) {
    const field = i % 2 === 0 ? 'members' : 'tagged';
    cases.push(groups(`${field} ${op} ${JSON.stringify(list)}`, { [field]: { [op]: list } }));
  }
  if (thorough) for (const f of filters) cases.push(groups(`members contains [${f.label}]`, { members: { contains: [f.filter] } }));
  cases.push(groups('members isEmpty false and tagged notContains [done is false]', { members: { isEmpty: false }, tagged: { notContains: [{ done: { is: false } }] } }));
  return cases;
}

/**
 * Inner-list arguments: boundary filters, order keys both ways, limit and offset edges, on members
 * and tagged of every Group. The quick profile sends each filter together with an order key of
 * another field on one collection (the model checks both), `thorough` each apart on both.
 */
export function innerArgumentCases(data: Dataset, thorough: boolean): SweepCase[] {
  const largest = Math.max(
    0,
    ...data.groups.map((g) => data.items.filter((i) => i.group === g.id).length),
    ...data.groups.map((g) => data.items.filter((i) => i.tags.includes(g.id)).length),
  );
  // `both`: on members and tagged; else on one of them, in turn.
  const argSets: Array<{ args: Args; label: string; both?: boolean }> = [];
  const filters = [
    ...boundaryItemFilters(data).map((f) => ({ args: f.filter, label: `inner filter ${f.label}` })),
    { args: { group: { name: { isNull: false } } }, label: 'inner relation filter group name isNull false' },
    { args: { tags: { isEmpty: false } }, label: 'inner list filter tags isEmpty false' },
  ];
  const orders: Array<{ args: Args; label: string; key: string }> = [];
  for (const key of ['title', 'count', 'amount', 'done', 'at', 'id']) {
    for (const dir of ['ASC', 'DESC']) orders.push({ args: { orderBy: { [key]: dir } }, label: `inner orderBy ${key} ${dir}`, key });
  }
  orders.push({ args: { orderBy: { group: { name: 'DESC' } } }, label: 'inner orderBy group.name DESC', key: 'group' });
  orders.push({ args: { orderBy: { creationDate: 'DESC' } }, label: 'inner orderBy creationDate DESC', key: 'creationDate' });
  if (thorough) {
    argSets.push(...filters, ...orders);
  } else {
    // Filter i with an order of another field, every second order key (each direction of a key once in two).
    const quickOrders = orders.filter((_, i) => i % 4 === 0 || i % 4 === 3);
    for (const [i, f] of filters.entries()) {
      if (i % 2 === 1 && i + 1 < filters.length) continue;
      const fields = Object.keys(f.args);
      const order = quickOrders.find((o) => !fields.includes(o.key));
      if (order) quickOrders.splice(quickOrders.indexOf(order), 1);
      argSets.push(order ? { args: { ...f.args, ...order.args }, label: `${f.label}, ${order.label}` } : f);
    }
    argSets.push(...quickOrders);
  }
  for (const [limit, offset] of [[0, 0], [1, 0], [largest, 0], [largest + 1, 0], [MAX_LIMIT, 0], [1, 1], [100, largest - 1], [100, largest], [100, largest + 1]] as Array<[number, number]>) {
    argSets.push({ args: { limit, offset, orderBy: { count: 'DESC' } }, label: `inner limit ${limit} offset ${offset}`, both: thorough || limit === 0 || offset === largest });
  }
  argSets.push({ args: { count: { isNull: false }, orderBy: { title: 'ASC' }, limit: 2, offset: 1 }, label: 'inner filter, orderBy, limit and offset together' });
  const perCase = 16;
  const cases: SweepCase[] = [];
  for (let start = 0; start < argSets.length; start += perCase) {
    const inner: Record<string, InnerList> = {};
    for (const [i, set] of argSets.slice(start, start + perCase).entries()) {
      if (set.both || (start + i) % 2 === 0) inner[`m${i}`] = { field: 'members', args: set.args, label: set.label };
      if (set.both || (start + i) % 2 === 1) inner[`t${i}`] = { field: 'tagged', args: set.args, label: set.label };
    }
    cases.push(groups(`inner-list arguments ${start + 1} to ${Math.min(argSets.length, start + perCase)}`, { limit: data.groups.length }, inner));
  }
  const tags: Record<string, InnerList> = {
    byName: { field: 'tags', args: { orderBy: { name: 'ASC' } }, label: 'tags orderBy name ASC' },
    byRank: { field: 'tags', args: { orderBy: { rank_2: 'DESC' } }, label: 'tags orderBy rank_2 DESC' },
    ranked: { field: 'tags', args: { rank_2: { greaterOrEquals: 2 } }, label: 'tags rank_2 greaterOrEquals 2' },
    second: { field: 'tags', args: { limit: 1, offset: 1 }, label: 'tags limit 1 offset 1' },
  };
  cases.push({ label: 'the Groups inner list of Items (tags)', root: 'findItems', args: { limit: data.items.length }, inner: tags });
  return cases;
}
