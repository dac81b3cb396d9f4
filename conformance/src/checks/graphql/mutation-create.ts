import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { run, withTestWorkspace } from '../../workspace.js';
import { RESULT, entityIds, mutate, requireMutations, resultOf } from './lib/mutations.js';

export default defineCheck({
  id: 'graphql.mutation-create',
  name:
    'A server with GraphQL mutations creates Entities with `<db>{ create(...) }` and `createBatch(data: [...])`: the result names each Entity created ({id, type}) and ' +
    'the command API reads the values written (no Mutation type in the schema: the feature is lacking)',
  level: 'MUST',
  unsupported: 'MAY',
  area: 'graphql',
  requirements: ['GQL-048', 'GQL-049'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      await requireMutations(ctx, n.space);
      const { res, ops } = await mutate(
        ctx,
        n.space,
        `mutation { items { one: create(title: "made", count: 7, done: true, due: "2024-02-29") ${RESULT} many: createBatch(data: [{title: "b1", count: 1}, {title: "b2", amount: 2.5}]) ${RESULT} } }`,
        'items',
        'create and createBatch',
      );
      const one = resultOf(res, ops, 'one', 'create');
      const many = resultOf(res, ops, 'many', 'createBatch');
      if (one.entities.length !== 1 || one.entities[0]?.type !== n.items) fail(`create should name one Entity of type ${n.items}, got ${JSON.stringify(one.entities)}`, res);
      if (many.entities.length !== 2) fail(`createBatch of two items should name two Entities, got ${JSON.stringify(many.entities)}`, res);
      const ids = [...entityIds(one), ...entityIds(many)];
      const rows = await run(
        ctx,
        { command: 'svc.entity/query', args: { query: { 'q/from': n.items, 'q/select': { id: 'svc/id', title: n.title, count: n.count, done: n.done, due: n.due, amount: n.amount }, 'q/where': ['q/in', ['svc/id'], '$ids'], 'q/limit': 10 }, params: { $ids: ids } } },
        'reading the created Items with svc.entity/query',
      );
      const byId = new Map((Array.isArray(rows) ? rows : []).filter(isRecord).map((r) => [String(r['id']), r]));
      const expected = [
        { title: 'made', count: 7, done: true, due: '2024-02-29' },
        { title: 'b1', count: 1 },
        { title: 'b2', amount: 2.5 },
      ];
      ids.forEach((id, i) => {
        const row = byId.get(id);
        const want = expected[i] ?? {};
        const wrong = Object.entries(want).find(([k, v]) => row?.[k] !== v);
        if (!row || wrong) fail(`svc.entity/query reads ${id} as ${JSON.stringify(row)}, the mutation wrote ${JSON.stringify(want)}`, res);
      });
    });
  },
});
