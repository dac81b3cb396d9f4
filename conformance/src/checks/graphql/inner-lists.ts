import fc from 'fast-check';
import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { checkProperty } from '../../property.js';
import { withTestWorkspace } from '../../workspace.js';
import { expectData, ids, postGraphql, rowsOf } from './lib/client.js';
import { GQL, compareText, createDataset, creationOrder, type Dataset, type ItemRecord } from './lib/dataset.js';

/** An Item filter of the kinds this check draws, as GraphQL takes it. */
interface ItemFilter {
  count?: { is?: number; greater?: number; less?: number; isNull?: boolean };
  done?: { is?: boolean; isNull?: boolean };
  title?: { is?: string; contains?: string; isNull?: boolean };
}

interface ListFilter {
  isEmpty?: boolean;
  contains?: ItemFilter[];
  containsAny?: ItemFilter[];
  notContains?: ItemFilter[];
  notContainsAny?: ItemFilter[];
}

interface InnerArgs {
  filter: ItemFilter;
  order: { key: 'count' | 'title'; desc: boolean } | null;
  limit: number;
  offset: number;
}

interface Case {
  members: ListFilter | null;
  tagged: ListFilter | null;
  inner: InnerArgs;
}

// ---------------------------------------------------------------- the model (README, "Query semantics")

function matches(item: ItemRecord, f: ItemFilter): boolean {
  const { count, done, title } = f;
  if (count) {
    if (count.is !== undefined && !(item.count !== null && item.count === count.is)) return false;
    if (count.greater !== undefined && !(item.count !== null && item.count > count.greater)) return false;
    if (count.less !== undefined && !(item.count !== null && item.count < count.less)) return false;
    if (count.isNull !== undefined && (item.count === null) !== count.isNull) return false;
  }
  if (done) {
    if (done.is !== undefined && !(item.done !== null && item.done === done.is)) return false;
    if (done.isNull !== undefined && (item.done === null) !== done.isNull) return false;
  }
  if (title) {
    if (title.is !== undefined && item.title !== title.is) return false;
    if (title.contains !== undefined && !(item.title !== null && item.title.includes(title.contains))) return false;
    if (title.isNull !== undefined && (item.title === null) !== title.isNull) return false;
  }
  return true;
}

function listMatches(items: ItemRecord[], f: ListFilter): boolean {
  const has = (g: ItemFilter) => items.some((i) => matches(i, g));
  if (f.isEmpty !== undefined && (items.length === 0) !== f.isEmpty) return false;
  if (f.contains && !f.contains.every(has)) return false;
  if (f.containsAny && !f.containsAny.some(has)) return false;
  if (f.notContains && !f.notContains.every((g) => !has(g))) return false;
  if (f.notContainsAny && !f.notContainsAny.some((g) => !has(g))) return false;
  return true;
}

/** ASC: missing values last; DESC: first; then creation order, then id. */
function ordered(items: ItemRecord[], order: InnerArgs['order']): ItemRecord[] {
  return [...items].sort((a, b) => {
    if (order) {
      const x = a[order.key];
      const y = b[order.key];
      if (x === null || y === null) {
        if (x !== y) return (x === null ? 1 : -1) * (order.desc ? -1 : 1);
      } else {
        const c = typeof x === 'number' && typeof y === 'number' ? Math.sign(x - y) : compareText(String(x), String(y));
        if (c !== 0) return order.desc ? -c : c;
      }
    }
    return creationOrder(a, b);
  });
}

function inner(items: ItemRecord[], args: InnerArgs): string[] {
  return ordered(items.filter((i) => matches(i, args.filter)), args.order)
    .slice(args.offset, args.offset + args.limit)
    .map((i) => i.id);
}

// ---------------------------------------------------------------- arbitraries

const itemFilter: fc.Arbitrary<ItemFilter> = fc.record(
  {
    count: fc.oneof(fc.record({ is: fc.integer({ min: -2, max: 3 }) }), fc.record({ greater: fc.integer({ min: -2, max: 3 }) }), fc.record({ less: fc.integer({ min: -2, max: 3 }) }), fc.record({ isNull: fc.boolean() })),
    done: fc.oneof(fc.record({ is: fc.boolean() }), fc.record({ isNull: fc.boolean() })),
    title: fc.oneof(fc.record({ is: fc.constantFrom('a', 'ab', 'b') }), fc.record({ contains: fc.constantFrom('a', 'b', '') }), fc.record({ isNull: fc.boolean() })),
  },
  { requiredKeys: [] },
);

const listFilter: fc.Arbitrary<ListFilter> = fc.record(
  {
    isEmpty: fc.boolean(),
    contains: fc.array(itemFilter, { maxLength: 2 }),
    containsAny: fc.array(itemFilter, { maxLength: 2 }),
    notContains: fc.array(itemFilter, { maxLength: 2 }),
    notContainsAny: fc.array(itemFilter, { maxLength: 2 }),
  },
  { requiredKeys: [] },
);

const caseArbitrary: fc.Arbitrary<Case> = fc.record({
  members: fc.option(listFilter, { nil: null }),
  tagged: fc.option(listFilter, { nil: null }),
  inner: fc.record({
    filter: itemFilter,
    order: fc.option(fc.record({ key: fc.constantFrom('count' as const, 'title' as const), desc: fc.boolean() }), { nil: null }),
    limit: fc.integer({ min: 0, max: 6 }),
    offset: fc.integer({ min: 0, max: 4 }),
  }),
});

const QUERY = `query Groups($members: ItemListFilter, $tagged: ItemListFilter, $count: IntFilter, $done: BooleanFilter, $title: StringFilter, $orderBy: ItemOrderBy, $limit: Int, $offset: Int) {
  matching: ${GQL.findGroups}(members: $members, tagged: $tagged) {
    id
    members(count: $count, done: $done, title: $title, orderBy: $orderBy, limit: $limit, offset: $offset) { id }
    tagged(count: $count, done: $done, title: $title, orderBy: $orderBy, limit: $limit, offset: $offset) { id }
  }
}`;

function expected(data: Dataset, c: Case): Array<{ id: string; members: string[]; tagged: string[] }> {
  return [...data.groups]
    .sort(creationOrder)
    .map((g) => ({ group: g, members: data.items.filter((i) => i.group === g.id), tagged: data.items.filter((i) => i.tags.includes(g.id)) }))
    .filter(({ members, tagged }) => (!c.members || listMatches(members, c.members)) && (!c.tagged || listMatches(tagged, c.tagged)))
    .map(({ group, members, tagged }) => ({ id: group.id, members: inner(members, c.inner), tagged: inner(tagged, c.inner) }));
}

export default defineCheck({
  id: 'graphql.inner-lists',
  name:
    'Inner-list filters (isEmpty, contains, containsAny, notContains, notContainsAny) select the parents, and inner lists take field filters, orderBy, ' +
    'limit and offset per parent, on one-to-many and many-to-many collections, as an in-memory model of the data says',
  level: 'MUST',
  area: 'graphql',
  requirements: ['GQL-014', 'GQL-022', 'GQL-023', 'GQL-024', 'GQL-025', 'GQL-026', 'GQL-027', 'GQL-028'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async (workspace) => {
      const data = await createDataset(ctx, workspace, { groups: 5, items: 20 }, ctx.fastCheck.seed + 1);
      await checkProperty(ctx, caseArbitrary, async (c) => {
        const { filter, order, limit, offset } = c.inner;
        const variables = {
          members: c.members,
          tagged: c.tagged,
          ...filter,
          orderBy: order ? { [order.key]: order.desc ? 'DESC' : 'ASC' } : null,
          limit,
          offset,
        };
        const res = await postGraphql(ctx, workspace.names.space, { query: QUERY, variables });
        const body = expectData(res, 'inner lists');
        const groups = rowsOf(res, body, 'matching', 'inner lists');
        const actual = groups.map((g) => ({ id: String(g['id']), members: ids(rowsOf(res, g, 'members', 'inner list members')), tagged: ids(rowsOf(res, g, 'tagged', 'inner list tagged')) }));
        const want = expected(data, c);
        if (JSON.stringify(actual) !== JSON.stringify(want)) {
          fail(`inner lists: expected ${JSON.stringify(want)}, got ${JSON.stringify(actual)}`, res);
        }
      });
    });
  },
});
