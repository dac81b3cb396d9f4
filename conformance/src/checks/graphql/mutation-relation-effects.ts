import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { withTestWorkspace } from '../../workspace.js';
import { delivered, withHooks, type Effect } from '../webhooks/support.js';
import { RESULT, entityIds, mutate, requireMutations, resultOf } from './lib/mutations.js';

export default defineCheck({
  id: 'graphql.mutation-relation-effects',
  name:
    'A server with GraphQL mutations reports `link<F>` on a collection to webhooks as `svc.entity/add-collection-items`, `unlink<F>(<filter>)` as ' +
    '`svc.entity/remove-collection-items`, and `unlink<F>` without a filter (arguments given as null) as the `svc.entity/update` emptying the field',
  level: 'MUST',
  unsupported: 'MAY',
  area: 'graphql',
  lane: 'webhooks',
  requirements: ['GQL-052', 'GQL-053'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      await requireMutations(ctx, n.space);
      await mutate(ctx, n.space, `mutation { groups { createBatch(data: [{name: "t1"}, {name: "t2"}]) ${RESULT} } }`, 'groups', 'creating two Groups');
      const made = await mutate(ctx, n.space, `mutation { items { create(title: "a") ${RESULT} } }`, 'items', 'creating an Item');
      const [id] = entityIds(resultOf(made.res, made.ops, 'create', 'create'));
      await withHooks(ctx, [n.items], async ([hook], receiver) => {
        if (!hook) return;
        const { res } = await mutate(
          ctx,
          n.space,
          `mutation { items(title: {is: "a"}) { linkTags(name: {in: ["t1", "t2"]}) ${RESULT} unlinkTags(name: {is: "t1"}) ${RESULT} emptied: unlinkTags(id: null) ${RESULT} } }`,
          'items',
          'linkTags(t1, t2), unlinkTags(t1), unlinkTags(id: null)',
        );
        const mine = (effects: Effect[]) => effects.filter((e) => e.id === id);
        const find = () => delivered(receiver, hook).find((r) => mine(r.delivery.effects).length > 0);
        await receiver.waitFor(() => find() !== undefined, { what: `a delivery of the relation actions on the Item ${id}` });
        const effects = mine(find()?.delivery.effects ?? []);
        const kinds = effects.map((e) => e.effect);
        const expected = ['svc.entity/add-collection-items', 'svc.entity/remove-collection-items', 'svc.entity/update'];
        if (JSON.stringify(kinds) !== JSON.stringify(expected)) {
          fail(`linkTags, unlinkTags(name: {is: "t1"}) and unlinkTags(id: null) should be delivered as the effects ${expected.join(', ')} of the Item, got ${JSON.stringify(effects).slice(0, 600)}`, res);
        }
        const last = effects[2];
        const values = last && last.effect === 'svc.entity/update' && isRecord(last.values) ? last.values : {};
        const tags = values[n.tags];
        if (!Array.isArray(tags) || tags.length !== 0) fail(`the svc.entity/update effect of unlinkTags(id: null) should set ${n.tags} to [], got ${JSON.stringify(last)}`, res);
      });
    });
  },
});
