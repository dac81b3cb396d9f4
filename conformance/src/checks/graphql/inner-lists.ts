import fc from 'fast-check';
import { defineCheck } from '../../check.js';
import { checkProperty } from '../../property.js';
import { withTestWorkspace } from '../../workspace.js';
import { createDataset, readAuthors } from './lib/dataset.js';
import { innerArgumentCases, listFilterCases } from './lib/inner-edges.js';
import { buildModel, type Args } from './lib/model.js';
import { runSweep, type SweepCase } from './lib/sweep.js';

/** An Item filter as GraphQL takes it (`{count: {greaterOrEquals: 1}}`). */
type ItemFilter = Args;

interface ListFilter {
  isEmpty?: boolean;
  contains?: ItemFilter[];
  containsAny?: ItemFilter[];
  notContains?: ItemFilter[];
  notContainsAny?: ItemFilter[];
}

interface InnerArgs {
  filter: ItemFilter;
  order: Args | null;
  limit: number;
  offset: number;
}

interface Case {
  members: ListFilter | null;
  tagged: ListFilter | null;
  inner: InnerArgs;
}

/** From this many property runs on (the full profile), the edge sweep takes each inner-list filter and order key apart. */
const THOROUGH_RUNS = 20;

// ---------------------------------------------------------------- arbitraries

const COMPARISONS = ['is', 'isNot', 'greater', 'greaterOrEquals', 'less', 'lessOrEquals'] as const;
const operator = <T>(ops: readonly string[], operand: fc.Arbitrary<T>): fc.Arbitrary<Args> => fc.tuple(fc.constantFrom(...ops), operand).map(([op, v]) => ({ [op]: v }));

const itemFilter: fc.Arbitrary<ItemFilter> = fc.record(
  {
    count: fc.oneof(operator(COMPARISONS, fc.integer({ min: -2, max: 3 })), fc.record({ isNull: fc.boolean() })),
    done: fc.oneof(fc.record({ is: fc.boolean() }), fc.record({ isNull: fc.boolean() })),
    title: fc.oneof(operator(COMPARISONS, fc.constantFrom('a', 'ab', 'b', 'B')), operator(['contains', 'notContains'], fc.constantFrom('a', 'b', 'B', '')), fc.record({ isNull: fc.boolean() })),
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

const direction = fc.constantFrom('ASC', 'DESC');
const order: fc.Arbitrary<Args> = fc.oneof(
  fc.tuple(fc.constantFrom('count', 'title', 'amount', 'done', 'due', 'at'), direction).map(([key, dir]) => ({ [key]: dir })),
  fc.tuple(fc.constantFrom('name', 'rank_2'), direction).map(([key, dir]) => ({ group: { [key]: dir } })),
);

const caseArbitrary: fc.Arbitrary<Case> = fc.record({
  members: fc.option(listFilter, { nil: null }),
  tagged: fc.option(listFilter, { nil: null }),
  inner: fc.record({
    filter: itemFilter,
    order: fc.option(order, { nil: null }),
    limit: fc.integer({ min: 0, max: 6 }),
    offset: fc.integer({ min: 0, max: 4 }),
  }),
});

/** The random case as a sweep case: Groups filtered by their collections, both collections with the inner arguments. */
function sweepCase(c: Case): SweepCase {
  const { filter, order, limit, offset } = c.inner;
  const args: Args = { ...filter, orderBy: order, limit, offset };
  return {
    label: 'random inner lists',
    root: 'findGroups',
    args: { members: c.members, tagged: c.tagged },
    inner: { members: { field: 'members', args }, tagged: { field: 'tagged', args } },
  };
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
      const model = buildModel(data, await readAuthors(ctx, data));
      // The edges first, every run: list filters on empty and non-empty collections, inner arguments at their boundaries.
      const thorough = ctx.fastCheck.numRuns >= THOROUGH_RUNS;
      await runSweep(ctx, workspace.names.space, model, [...listFilterCases(data, thorough), ...innerArgumentCases(data, thorough)]);
      await checkProperty(ctx, caseArbitrary, (c) => runSweep(ctx, workspace.names.space, model, [sweepCase(c)]));
    });
  },
});
