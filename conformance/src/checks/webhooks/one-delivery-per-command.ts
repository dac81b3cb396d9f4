import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { withTestWorkspace, type Command } from '../../workspace.js';
import { createItem, delivered, marker, sendCorrelated, waitForCorrelation, withHooks } from './support.js';

export default defineCheck({
  id: 'webhooks.one-delivery-per-command',
  name:
    'All changes one top-level command makes to one Database form one delivery: an svc.command/batch of several writes to two Databases makes one delivery ' +
    'per webhook, carrying the batch\'s correlationId and every effect in order; a command sent without correlationId is delivered with command.correlationId null',
  level: 'SHOULD',
  area: 'webhooks',
  requirements: ['WH-033'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const id = await createItem(ctx, n);
      await withHooks(ctx, [n.items, n.groups], async ([items, groups], receiver) => {
        if (!items || !groups) return;
        const commands: Command[] = [
          { command: 'svc.entity/update', args: { type: n.items, entity: { 'svc/id': id, [n.title]: 'first' } } },
          { command: 'svc.entity/create', args: { type: n.items, entity: { [n.title]: 'second' } } },
          { command: 'svc.entity/update', args: { type: n.items, entity: { 'svc/id': id, [n.count]: 5 } } },
          { command: 'svc.entity/create', args: { type: n.groups, entity: { [n.name]: 'g' } } },
        ];
        const batch = await sendCorrelated(ctx, { command: 'svc.command/batch', args: { commands } }, 'a batch of four writes to two Databases');
        const onItems = await waitForCorrelation(receiver, items, batch.correlationId, 'the delivery of the batch to the Items webhook');
        await waitForCorrelation(receiver, groups, batch.correlationId, 'the delivery of the batch to the Groups webhook');
        // Whatever else comes for this batch arrives before a later command's delivery.
        await marker(ctx, receiver, [
          { hook: items, entity: { [n.title]: 'marker' } },
          { hook: groups, entity: { [n.name]: 'marker' } },
        ]);
        for (const hook of [items, groups]) {
          const count = delivered(receiver, hook).filter((r) => r.delivery.command.correlationId === batch.correlationId).length;
          if (count !== 1) fail(`webhook of ${hook.type} received ${count} deliveries for one svc.command/batch, expected one`, batch.res);
        }
        const kinds = onItems.delivery.effects.map((e) => `${e.effect}${e.id === id ? ' (the Item)' : ''}`);
        const expected = ['svc.entity/update (the Item)', 'svc.entity/create', 'svc.entity/update (the Item)'];
        if (kinds.join() !== expected.join()) fail(`the batch's delivery to the Items webhook should hold ${expected.join(', ')} in order; it holds ${kinds.join(', ')}`, batch.res);

        const plain = await ctx.http.command({ command: 'svc.entity/update', args: { type: n.items, entity: { 'svc/id': id, [n.title]: 'no correlation' } } } satisfies Command);
        const [mark] = await marker(ctx, receiver, [{ hook: items, entity: { [n.title]: 'marker 2' } }]);
        const list = delivered(receiver, items);
        const before = list[list.findIndex((r) => r.request.index === mark?.request.index) - 1];
        const effect = before?.delivery.effects.find((e) => e.effect === 'svc.entity/update' && e.id === id);
        if (!before || !effect || effect.effect !== 'svc.entity/update' || effect.values[n.title] !== 'no correlation') {
          fail('the update sent without correlationId was not delivered right before the next command\'s delivery', plain);
        }
        if (before.delivery.command.correlationId !== null) fail(`a command sent without correlationId was delivered with command.correlationId ${JSON.stringify(before.delivery.command.correlationId)}, expected null`, plain);
      });
    });
  },
});
