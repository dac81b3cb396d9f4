import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { run, withTestWorkspace } from '../../workspace.js';
import { delivered, withHooks } from '../webhooks/support.js';
import { queryRows } from './lib/client.js';
import { RESULT, entityIds, mutate, requireMutations, resultOf } from './lib/mutations.js';

export default defineCheck({
  id: 'graphql.mutation-cross-surface',
  name:
    'An Entity created by a GraphQL mutation is seen alike by svc.entity/query, by a GraphQL read and by a webhook of its Database ' +
    '(a delivery with an svc.entity/create effect carrying the written values)',
  level: 'MUST',
  unsupported: 'MAY',
  area: 'graphql',
  lane: 'webhooks',
  requirements: ['GQL-048', 'GQL-049', 'GQL-052'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      await requireMutations(ctx, n.space);
      await withHooks(ctx, [n.items], async ([hook], receiver) => {
        if (!hook) return;
        const { res, ops } = await mutate(ctx, n.space, `mutation { items { create(title: "seen", count: 4) ${RESULT} } }`, 'items', 'create');
        const [id] = entityIds(resultOf(res, ops, 'create', 'create'));
        const viaCommand = await run(ctx, { command: 'svc.entity/query', args: { query: { 'q/from': n.items, 'q/select': { title: n.title, count: n.count }, 'q/where': ['=', ['svc/id'], '$id'], 'q/limit': 1 }, params: { $id: id } } }, 'svc.entity/query of the Item');
        if (JSON.stringify(viaCommand) !== JSON.stringify([{ title: 'seen', count: 4 }])) fail(`svc.entity/query reads the Item the mutation created as ${JSON.stringify(viaCommand)}`, res);
        const viaGraphql = await queryRows(ctx, n.space, `{ findItems(id: {is: "${id}"}) { title count } }`, 'findItems', 'the GraphQL read of the Item');
        if (JSON.stringify(viaGraphql) !== JSON.stringify([{ title: 'seen', count: 4 }])) fail(`findItems reads the Item the mutation created as ${JSON.stringify(viaGraphql)}`, res);
        const find = () => delivered(receiver, hook).find((r) => r.delivery.effects.some((e) => e.effect === 'svc.entity/create' && e.id === id));
        await receiver.waitFor(() => find() !== undefined, { what: `a delivery of the GraphQL create of ${id}` });
        const got = find();
        if (!got) fail(`no webhook delivery reported the Item ${id} the mutation created`, res);
        const effect = got.delivery.effects.find((e) => e.effect === 'svc.entity/create' && e.id === id);
        const values = effect && effect.effect === 'svc.entity/create' && isRecord(effect.values) ? effect.values : {};
        if (values[n.title] !== 'seen' || values[n.count] !== 4) fail(`the svc.entity/create effect of the GraphQL create should carry the written values, got ${JSON.stringify(effect)}`, res);
      });
    });
  },
});
