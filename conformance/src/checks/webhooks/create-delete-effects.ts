import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { withTestWorkspace } from '../../workspace.js';
import { sendCorrelated, waitForCorrelation, withHooks } from './support.js';

export default defineCheck({
  id: 'webhooks.create-delete-effects',
  name:
    'svc.entity/create is delivered as an svc.entity/create effect {id, type, values} with the written values, and svc.entity/delete as an ' +
    'svc.entity/delete effect {id, type, valuesBefore} with the values the Entity had',
  level: 'SHOULD',
  area: 'webhooks',
  requirements: ['WH-026', 'WH-027'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      await withHooks(ctx, [n.items], async ([hook], receiver) => {
        if (!hook) return;
        const created = await sendCorrelated(ctx, { command: 'svc.entity/create', args: { type: n.items, entity: { [n.title]: 'created', [n.count]: 7 } } }, 'svc.entity/create');
        const id = isRecord(created.result) ? String(created.result['svc/id']) : '';
        const first = await waitForCorrelation(receiver, hook, created.correlationId, 'the delivery of a create');
        const create = first.delivery.effects.find((e) => e.effect === 'svc.entity/create' && e.id === id);
        if (!create || create.effect !== 'svc.entity/create') fail(`the delivery of a create has no svc.entity/create effect of ${id}: ${JSON.stringify(first.delivery.effects).slice(0, 800)}`, created.res);
        if (create.type !== n.items || create.values[n.title] !== 'created' || create.values[n.count] !== 7) {
          fail(`the svc.entity/create effect should carry type ${n.items} and the written values (${n.title} "created", ${n.count} 7): ${JSON.stringify(create)}`, created.res);
        }
        const deleted = await sendCorrelated(ctx, { command: 'svc.entity/delete', args: { type: n.items, entity: { 'svc/id': id } } }, 'svc.entity/delete');
        const second = await waitForCorrelation(receiver, hook, deleted.correlationId, 'the delivery of a delete');
        const del = second.delivery.effects.find((e) => e.effect === 'svc.entity/delete' && e.id === id);
        if (!del || del.effect !== 'svc.entity/delete') fail(`the delivery of a delete has no svc.entity/delete effect of ${id}: ${JSON.stringify(second.delivery.effects).slice(0, 800)}`, deleted.res);
        if (del.type !== n.items || del.valuesBefore[n.title] !== 'created' || del.valuesBefore[n.count] !== 7) {
          fail(`the svc.entity/delete effect should carry type ${n.items} and the values the Entity had (${n.title} "created", ${n.count} 7): ${JSON.stringify(del)}`, deleted.res);
        }
      });
    });
  },
});
