import fc from 'fast-check';
import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { checkProperty } from '../../property.js';
import { isRecord } from '../../shapes.js';
import { run, withTestWorkspace, type Command, type TestWorkspace } from '../../workspace.js';
import { expectData, ids, postGraphql, rowsOf } from './lib/client.js';
import { AMOUNTS, COUNTS, DATES, GQL, NAMES, TIMES, TITLES, createDataset, readAuthors, typeName, type Dataset } from './lib/dataset.js';
import { withExtraFields } from './lib/extra-fields.js';
import { extraFieldCases, itemFilterCases, itemOrderCases, itemRelationCases, pagingCases } from './lib/item-edges.js';
import { buildModel } from './lib/model.js';
import { foldCases, runSweep } from './lib/sweep.js';

/** An operator object per field, as GraphQL takes it (`{is: 1, greater: 0}`). */
type Ops = Record<string, unknown>;

interface Case {
  filters: Record<string, Ops>;
  /** The Group relation filter (`<Space>GroupFilter`), or none. */
  group: Record<string, Ops> | null;
  /** Order keys in `<Space>ItemOrder` declaration order: [field, direction] or [group field, direction]. */
  order: Array<{ key: string; inGroup: boolean; desc: boolean }>;
  limit: number;
  offset: number;
}

const NO_SUCH_ID = '0fffffff-ffff-4fff-bfff-fffffffffff0';
/** From this many property runs on (the full profile), the edge sweep also covers the date, date-time and timestamp fields. */
const THOROUGH_RUNS = 20;
const ORDERED = ['id', 'title', 'count', 'amount', 'done', 'due', 'at'];
const GROUP_ORDERED = ['name', 'rank_2'];

function ops(kind: 'String' | 'Int' | 'Float' | 'Boolean' | 'ID', value: fc.Arbitrary<unknown>, substring?: fc.Arbitrary<string>): fc.Arbitrary<Ops> {
  const compare = ['is', 'isNot', 'greater', 'greaterOrEquals', 'less', 'lessOrEquals'];
  const single: Array<fc.Arbitrary<[string, unknown]>> = [];
  if (kind === 'Boolean') single.push(fc.tuple(fc.constant('is'), value));
  else if (kind === 'ID') single.push(fc.tuple(fc.constantFrom('is', 'isNot'), value));
  else single.push(fc.tuple(fc.constantFrom(...compare), value));
  if (kind !== 'Boolean') single.push(fc.tuple(fc.constantFrom('in', 'notIn'), fc.array(value, { maxLength: 3 })));
  if (kind === 'String' && substring) single.push(fc.tuple(fc.constantFrom('contains', 'notContains'), substring));
  single.push(fc.tuple(fc.constant('isNull'), fc.boolean()));
  return fc.uniqueArray(fc.oneof(...single), { minLength: 1, maxLength: 2, selector: ([op]) => op }).map((pairs) => Object.fromEntries(pairs));
}

function caseArbitrary(data: Dataset): fc.Arbitrary<Case> {
  const itemIds = data.items.map((i) => i.id);
  const groupIds = data.groups.map((g) => g.id);
  const idValue = fc.constantFrom(...itemIds, NO_SUCH_ID);
  const fields: Record<string, fc.Arbitrary<Ops>> = {
    id: ops('ID', idValue),
    title: ops('String', fc.constantFrom(...TITLES), fc.constantFrom('a', 'b', '', ' ', "'", '$')),
    count: ops('Int', fc.constantFrom(...COUNTS, 1_000)),
    amount: ops('Float', fc.constantFrom(...AMOUNTS, 2.5)),
    done: ops('Boolean', fc.boolean()),
    due: ops('String', fc.constantFrom(...DATES, '2024-01-15'), fc.constantFrom('2024', '-01', '02-29', '9')),
    at: ops('String', fc.constantFrom(...TIMES), fc.constantFrom('T00', '2024-01-01', '.500Z')),
  };
  const groupFilter = fc.oneof(
    fc.record({ name: ops('String', fc.constantFrom(...NAMES), fc.constantFrom('i', 'T')) }),
    fc.record({ rank_2: ops('Int', fc.integer({ min: 0, max: 4 })) }),
    fc.record({ id: ops('ID', fc.constantFrom(...groupIds, NO_SUCH_ID)) }),
    fc.constant({ id: { isNull: true } }),
  );
  const order = fc.uniqueArray(
    fc.oneof(
      fc.record({ key: fc.constantFrom(...ORDERED), inGroup: fc.constant(false), desc: fc.boolean() }),
      fc.record({ key: fc.constantFrom(...GROUP_ORDERED), inGroup: fc.constant(true), desc: fc.boolean() }),
    ),
    { maxLength: 3, selector: (k) => `${k.inGroup}.${k.key}` },
  );
  return fc.record({
    filters: fc.dictionary(fc.constantFrom(...Object.keys(fields)), fc.constant(null), { maxKeys: 3 }).chain((keys) =>
      fc.record(Object.fromEntries(Object.keys(keys).map((k) => [k, fields[k] as fc.Arbitrary<Ops>]))),
    ),
    group: fc.option(groupFilter, { freq: 3, nil: null }),
    order,
    limit: fc.integer({ min: 0, max: 25 }),
    offset: fc.integer({ min: 0, max: 25 }),
  }) as fc.Arbitrary<Case>;
}

const OPERATOR: Record<string, string> = {
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

/** The `q/where` of one operator object on a path; values go through `params`. */
function whereOf(path: string[], filter: Ops, params: Record<string, unknown>): unknown[] {
  return Object.entries(filter).map(([op, value]) => {
    if (op === 'isNull') return ['=', ['q/null?', path], value];
    const name = `$p${Object.keys(params).length}`;
    params[name] = value;
    return [OPERATOR[op], path, name];
  });
}

/** Field names of the test Databases by their GraphQL names. */
function fieldNames(w: TestWorkspace): Record<string, string> {
  const n = w.names;
  return { id: 'svc/id', title: n.title, count: n.count, amount: n.amount, done: n.done, due: n.due, at: n.at, name: n.name, rank_2: n.rank };
}

/** The same query for `svc.entity/query`: a relation filter is "the related Entity exists and matches". */
function commandQuery(w: TestWorkspace, c: Case): { query: Record<string, unknown>; params: Record<string, unknown> } {
  const names = fieldNames(w);
  const params: Record<string, unknown> = {};
  const parts: unknown[] = [];
  for (const [field, filter] of Object.entries(c.filters)) parts.push(...whereOf([names[field] as string], filter, params));
  if (c.group) {
    const inner: unknown[] = [['=', ['q/null?', [w.names.group]], false]];
    for (const [field, filter] of Object.entries(c.group)) inner.push(...whereOf([w.names.group, names[field] as string], filter, params));
    const matches = ['q/and', ...inner];
    const emptyToo = isRecord(c.group['id']) && c.group['id']['isNull'] === true;
    parts.push(emptyToo ? ['q/or', matches, ['=', ['q/null?', [w.names.group]], true]] : matches);
  }
  const declared = [...c.order].sort((a, b) => Number(a.inGroup) - Number(b.inGroup) || (a.inGroup ? GROUP_ORDERED : ORDERED).indexOf(a.key) - (b.inGroup ? GROUP_ORDERED : ORDERED).indexOf(b.key));
  const orderBy = declared.map((k) => [k.inGroup ? [w.names.group, names[k.key]] : [names[k.key]], k.desc ? 'q/desc' : 'q/asc']);
  return {
    query: {
      'q/from': w.names.items,
      'q/select': ['svc/id'],
      ...(parts.length > 0 ? { 'q/where': parts.length === 1 ? parts[0] : ['q/and', ...parts] } : {}),
      ...(orderBy.length > 0 ? { 'q/order-by': orderBy } : {}),
      'q/limit': c.offset + c.limit,
    },
    params,
  };
}

const graphqlQuery = (space: string): string => `query Items($id: IDFilter, $title: StringFilter, $count: IntFilter, $amount: FloatFilter, $done: BooleanFilter, $due: StringFilter, $at: StringFilter,
  $group: ${typeName(space, 'Group')}Filter, $orderBy: ${typeName(space, 'Item')}Order, $limit: Int, $offset: Int) {
  ${GQL.findItems}(id: $id, title: $title, count: $count, amount: $amount, done: $done, due: $due, at: $at, group: $group, orderBy: $orderBy, limit: $limit, offset: $offset) { id }
}`;

function graphqlVariables(c: Case): Record<string, unknown> {
  const orderBy: Record<string, unknown> = {};
  const groupOrder: Record<string, unknown> = {};
  for (const k of c.order) (k.inGroup ? groupOrder : orderBy)[k.key] = k.desc ? 'DESC' : 'ASC';
  if (Object.keys(groupOrder).length > 0) orderBy['group'] = groupOrder;
  return { ...c.filters, ...(c.group ? { group: c.group } : {}), orderBy, limit: c.limit, offset: c.offset };
}

export default defineCheck({
  id: 'graphql.matches-command-api',
  name:
    'For random field filters (every operator of String, Int, Float, Boolean and ID; every operator, alone and combined, on rank, which a type without the rank mixin has on no Entity), ' +
    'relation filters, orderBy keys (also through the relation), ' +
    'limit and offset, find<Plural> returns exactly the Entities, in the order, that svc.entity/query returns for the equivalent query',
  level: 'MUST',
  area: 'graphql',
  requirements: ['GQL-009', 'GQL-010', 'GQL-011', 'GQL-012', 'GQL-013', 'GQL-015', 'GQL-016', 'GQL-017', 'GQL-018', 'GQL-019', 'GQL-020', 'GQL-021', 'GQL-046'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async (workspace) =>
      withExtraFields(ctx, workspace, async (extra) => {
        const data = await createDataset(ctx, workspace, { groups: 4, items: 24 }, ctx.fastCheck.seed, extra);
        // The edges first, every run: each operator at its boundaries, relations, orders, paging.
        const users = await readAuthors(ctx, data);
        const thorough = ctx.fastCheck.numRuns >= THOROUGH_RUNS;
        const me = users.get(data.items[0]?.createdBy ?? '');
        const size = data.items.length;
        const model = buildModel(data, users);
        const filters = [...itemFilterCases(data, thorough), ...extraFieldCases(data, thorough), ...itemRelationCases(data, me, thorough)];
        // Order cases ride on filter cases that keep most Items (paging cases would hide a filter's answer: they stay apart).
        await runSweep(ctx, workspace.names.space, model, [...foldCases(model, filters, itemOrderCases(size)), ...pagingCases(size)]);
        // The values those filters compare: option names, and ranges and locations as stringified JSON.
        const read = await postGraphql(ctx, workspace.names.space, { query: `{ ${GQL.findItems}(limit: ${size}) { id kind { name } span place window } }` });
        for (const row of rowsOf(read, expectData(read, 'the select, range and location values'), GQL.findItems, GQL.findItems)) {
          const item = model.byId.get(String(row['id']));
          const kind = row['kind'];
          const kindName = isRecord(kind) ? (kind['name'] ?? null) : kind;
          const expectedKind = item?.one['kind']?.scalars['name'] ?? null;
          if (item && kindName !== expectedKind) fail(`${GQL.findItems}: the kind of Item ${item.id} reads ${JSON.stringify(kind)}, expected ${expectedKind === null ? 'null' : JSON.stringify({ name: expectedKind })}`, read);
          for (const key of ['span', 'place', 'window']) {
            if (item && row[key] !== item.scalars[key]) fail(`${GQL.findItems}: the ${key} of Item ${item.id} reads ${JSON.stringify(row[key])}, expected ${JSON.stringify(item.scalars[key])}`, read);
          }
        }
        await checkProperty(ctx, caseArbitrary(data), async (c) => {
          const { query, params } = commandQuery(workspace, c);
          const expected = await run(ctx, { command: 'svc.entity/query', args: { query, params } } as Command, 'the equivalent svc.entity/query');
          const expectedIds = (Array.isArray(expected) ? expected : []).slice(c.offset).map((r: unknown) => (isRecord(r) ? String(r['svc/id']) : ''));
          const res = await postGraphql(ctx, workspace.names.space, { query: graphqlQuery(workspace.names.space), variables: graphqlVariables(c) });
          const actual = ids(rowsOf(res, expectData(res, `${GQL.findItems} with filters`), GQL.findItems, GQL.findItems));
          if (actual.join() !== expectedIds.join()) {
            fail(`${GQL.findItems} answered ${actual.length} Entities [${actual.join(', ')}], svc.entity/query ${JSON.stringify(query)} with params ${JSON.stringify(params)} answered ${expectedIds.length} [${expectedIds.join(', ')}] (after skipping ${c.offset})`, res);
          }
        });
      }),
    );
  },
});
