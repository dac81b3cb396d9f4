import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { refIds } from '../../model/driver.js';
import { createGroupAndTwoItems, withTestWorkspace } from '../../workspace.js';
import { sendCorrelated, waitForCorrelation, withHooks } from './support.js';

export default defineCheck({
  id: 'webhooks.collection-effect',
  name:
    'svc.entity/add-collection-items on an Entity of the webhook\'s Database is delivered as an svc.entity/add-collection-items effect ' +
    '{effect, id, type, field, items: [{svc/id}]} naming the Entity, the collection and the items added',
  level: 'MUST',
  area: 'webhooks',
  requirements: ['WH-019', 'WH-023'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const { group, items } = await createGroupAndTwoItems(ctx, n);
      await withHooks(ctx, [n.groups], async ([hook], receiver) => {
        if (!hook) return;
        const { correlationId, res } = await sendCorrelated(
          ctx,
          { command: 'svc.entity/add-collection-items', args: { type: n.groups, entity: { 'svc/id': group }, field: n.tagged, items: items.map((id) => ({ 'svc/id': id })) } },
          'svc.entity/add-collection-items of two Items',
        );
        const { delivery } = await waitForCorrelation(receiver, hook, correlationId, 'the delivery of add-collection-items');
        const effect = delivery.effects.find((e) => e.effect === 'svc.entity/add-collection-items' && e.id === group);
        if (!effect || effect.effect !== 'svc.entity/add-collection-items') {
          fail(`the delivery has no svc.entity/add-collection-items effect of the Group ${group}; its effects are ${JSON.stringify(delivery.effects).slice(0, 800)}`, res);
        }
        if (effect.type !== n.groups) fail(`the effect's type is ${JSON.stringify(effect.type)}, expected ${n.groups}`, res);
        if (effect.field !== n.tagged) fail(`the effect's field is ${JSON.stringify(effect.field)}, expected ${n.tagged}`, res);
        const got = refIds(effect.items).sort();
        if (got.join() !== [...items].sort().join()) fail(`the effect's items are ${JSON.stringify(effect.items)}, expected both Items ${items.join(', ')}`, res);
      });
    });
  },
});
