import { expectStatus, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { withTestWorkspace } from '../../workspace.js';
import { addHook, createItem, removeHook, sendCorrelated, waitForCorrelation, WEBHOOKS, withHooks } from './support.js';

export default defineCheck({
  id: 'webhooks.deleted-gets-nothing',
  name: 'A deleted webhook gets no delivery of changes made after the delete (another webhook of the same Database does)',
  level: 'SHOULD',
  area: 'webhooks',
  requirements: ['WH-036'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const id = await createItem(ctx, n);
      await withHooks(ctx, [n.items], async ([kept], receiver) => {
        if (!kept) return;
        const doomed = await addHook(ctx, receiver, n.items);
        try {
          const first = await sendCorrelated(ctx, { command: 'svc.entity/update', args: { type: n.items, entity: { 'svc/id': id, [n.title]: 'before' } } }, 'an update before the delete');
          await waitForCorrelation(receiver, doomed, first.correlationId, 'the delivery before the delete');
          const deleted = await ctx.http.request({ method: 'DELETE', path: `${WEBHOOKS}/${doomed.id}` });
          expectStatus(deleted, 200, `DELETE ${WEBHOOKS}/${doomed.id}`);
          const count = receiver.on(doomed.path).length;
          const later = [];
          for (const title of ['after 1', 'after 2']) {
            later.push(await sendCorrelated(ctx, { command: 'svc.entity/update', args: { type: n.items, entity: { 'svc/id': id, [n.title]: title } } }, 'an update after the delete'));
          }
          await waitForCorrelation(receiver, kept, later.at(-1)?.correlationId as string, 'the delivery to the other webhook');
          await receiver.quietFor(500);
          const extra = receiver.on(doomed.path).slice(count);
          if (extra.length > 0) fail(`the deleted webhook ${doomed.id} received ${extra.length} more request(s): ${extra[0]?.body.slice(0, 400)}`, deleted);
        } finally {
          await removeHook(ctx, doomed);
        }
      });
    });
  },
});
