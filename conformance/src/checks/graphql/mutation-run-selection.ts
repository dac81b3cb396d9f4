import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { withTestWorkspace } from '../../workspace.js';
import { expectData, postGraphql, queryRows } from './lib/client.js';
import { requireMutations } from './lib/mutations.js';

export default defineCheck({
  id: 'graphql.mutation-run-selection',
  name:
    'A server with GraphQL mutations answers a mutation selection as GraphQL selects: aliases on mutation fields, actions and MutationResult fields name the answers, ' +
    '`__typename` is answered at every level, and fragments spread on Mutation run their fields',
  level: 'MUST',
  unsupported: 'MAY',
  area: 'graphql',
  requirements: ['GQL-048'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      await requireMutations(ctx, n.space);
      const query =
        'mutation Sel { __typename made: items { __typename first: create(title: "sel") { __typename text: message list: entities { key: id kind: type } docs: documents { secret } } ' +
        'then: update(count: 3) { message } } ...More } fragment More on Mutation { other: groups { create(name: "frag") { message } } }';
      const res = await postGraphql(ctx, n.space, { query });
      const data = expectData(res, 'a mutation with aliases, __typename and a fragment');
      const what = (detail: string): string => `${detail}; the answer is ${JSON.stringify(data).slice(0, 400)}`;
      if (data['__typename'] !== 'Mutation') fail(what('data.__typename should be "Mutation"'), res);
      const made = data['made'];
      if (!isRecord(made)) fail(what('the aliased mutation field made: items should answer its <T>Operations object under "made"'), res);
      if (typeof made['__typename'] !== 'string' || !made['__typename'].endsWith('Operations')) fail(what('made.__typename should be the <T>Operations type name'), res);
      const first = made['first'];
      if (!isRecord(first) || first['__typename'] !== 'MutationResult') fail(what('made.first (an aliased create) should answer a MutationResult with __typename "MutationResult"'), res);
      const list = first['list'];
      const entity: unknown = Array.isArray(list) ? list[0] : undefined;
      if (typeof first['text'] !== 'string' || first['text'] === '' || !Array.isArray(list) || list.length !== 1 || !isRecord(entity) || typeof entity['key'] !== 'string' || entity['kind'] !== n.items || !Array.isArray(first['docs'])) {
        fail(what('the aliased MutationResult fields text: message, list: entities { key: id kind: type } and docs: documents should be answered under their aliases'), res);
      }
      const then = made['then'];
      if (!isRecord(then) || typeof then['message'] !== 'string') fail(what('made.then (an aliased update) should answer its MutationResult'), res);
      const other = data['other'];
      if (!isRecord(other) || !isRecord(other['create'])) fail(what('the mutation field other: groups, spread from a fragment on Mutation, should run and answer under "other"'), res);
      const rows = await queryRows(ctx, n.space, `{ findItems { title count } findGroups { name } }`, 'findItems', 'reading back what the mutation wrote');
      if (JSON.stringify(rows) !== JSON.stringify([{ title: 'sel', count: 3 }])) fail(`after create(title: "sel") then update(count: 3), findItems reads ${JSON.stringify(rows)}`, res);
    });
  },
});
