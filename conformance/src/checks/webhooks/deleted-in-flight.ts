import { expectStatus, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { deliveryWaitMs, Receiver, seconds } from '../../receiver.js';
import { withTestWorkspace } from '../../workspace.js';
import { addHook, createItem, removeHook, sendCorrelated, WEBHOOKS } from './support.js';

/** How long the receiver holds its answer: the webhook is deleted meanwhile. */
const HELD_MS = 1_500;
/** How long after the held answer the receiver listens for another attempt. */
const LISTEN_MS = 2_000;

export default defineCheck({
  id: 'webhooks.deleted-in-flight',
  name:
    'A webhook deleted while an attempt of a delivery is in flight (the receiver has the request and has not answered yet) gets no further ' +
    'attempt of it once the delete has answered, though that attempt then fails (500): a failed attempt of a deleted webhook is not tried again',
  level: 'SHOULD',
  area: 'webhooks',
  requirements: ['WH-045'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const id = await createItem(ctx, n);
      const receiver = await Receiver.start();
      receiver.latencyMs = HELD_MS;
      const doomed = await addHook(ctx, receiver, n.items);
      try {
        // A failed answer: a server that went on with the deleted webhook would try it again.
        receiver.answerNext([500], doomed.path);
        const { res, correlationId } = await sendCorrelated(ctx, { command: 'svc.entity/update', args: { type: n.items, entity: { 'svc/id': id, [n.title]: 'in flight' } } }, 'an update');
        if (!(await receiver.waitFor(() => receiver.on(doomed.path).length > 0, { what: `the first attempt of the delivery to webhook ${doomed.id}` }))) {
          fail(`the delivery with command.correlationId ${correlationId} did not reach webhook ${doomed.id} within ${seconds(deliveryWaitMs())}`, res);
        }
        const deleted = await ctx.http.request({ method: 'DELETE', path: `${WEBHOOKS}/${doomed.id}` });
        expectStatus(deleted, 200, `DELETE ${WEBHOOKS}/${doomed.id} while an attempt to it is in flight`);
        const afterDelete = receiver.on(doomed.path).length;
        await receiver.quietFor(HELD_MS + LISTEN_MS);
        const extra = receiver.on(doomed.path).slice(afterDelete);
        if (extra.length > 0) {
          fail(
            `webhook ${doomed.id} was deleted while its attempt was in flight (answered 500 after ${seconds(HELD_MS)}), yet it received ${extra.length} more attempt(s) ` +
              `within ${seconds(HELD_MS + LISTEN_MS)} of the delete: nothing more is delivered to a deleted webhook`,
            deleted,
          );
        }
      } finally {
        await removeHook(ctx, doomed);
        await receiver.close();
      }
    });
  },
});
