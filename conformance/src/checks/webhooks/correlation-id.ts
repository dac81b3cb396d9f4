import { randomUUID } from 'node:crypto';
import { expectSuccess, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { withTestWorkspace, type Command } from '../../workspace.js';
import { createItem, sendCorrelated, waitForCorrelation, withHooks } from './support.js';

export default defineCheck({
  id: 'webhooks.correlation-id',
  name: 'The correlationId sent on a command comes back in command.correlationId of the delivery that command caused (several commands, each its own; in a batch sent without one, the correlationId of the first inner command that has one)',
  level: 'MUST',
  area: 'webhooks',
  requirements: ['WH-016'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const id = await createItem(ctx, n);
      await withHooks(ctx, [n.items], async ([hook], receiver) => {
        if (!hook) return;
        const sent: Array<{ correlationId: string; title: string }> = [];
        for (const title of ['one', 'two', 'three']) {
          const { correlationId } = await sendCorrelated(ctx, { command: 'svc.entity/update', args: { type: n.items, entity: { 'svc/id': id, [n.title]: title } } }, `updating the title to ${title}`);
          sent.push({ correlationId, title });
        }
        // A batch sent without a correlationId whose second inner command carries one (the first none): the delivery carries the first one found.
        const inner = randomUUID();
        const batch = await ctx.http.command({
          command: 'svc.command/batch',
          args: {
            commands: [
              { command: 'svc.entity/create', args: { type: n.items, entity: { [n.title]: 'created first, without a correlationId' } } },
              { command: 'svc.entity/update', args: { type: n.items, entity: { 'svc/id': id, [n.title]: 'inner' } }, correlationId: inner },
            ],
          },
        } as Command);
        expectSuccess(batch, 'a batch without a correlationId around a create without one and an update with one');
        sent.push({ correlationId: inner, title: 'inner' });
        for (const { correlationId, title } of sent) {
          const { delivery } = await waitForCorrelation(receiver, hook, correlationId, `the delivery of the update to ${title}`);
          const effect = delivery.effects.find((e) => e.effect === 'svc.entity/update' && e.id === id);
          if (!effect || effect.effect !== 'svc.entity/update' || effect.values[n.title] !== title) {
            fail(`the delivery with command.correlationId ${correlationId} should report the update to ${JSON.stringify(title)}; its effects are ${JSON.stringify(delivery.effects).slice(0, 600)}`);
          }
        }
      });
    });
  },
});
