import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { deliveryWaitMs, seconds } from '../../receiver.js';
import { withTestWorkspace } from '../../workspace.js';
import { createItem, sendCorrelated, withHooks } from './support.js';

/** How long the receiver holds each answer: longer than a worker's poll, far shorter than an attempt's time-out. */
const LATENCY_MS = 1_200;
/** Clock slack between the receiver's own timestamps. */
const SLACK_MS = 50;
/** The titles of the updates, one delivery each. */
const TITLES = ['slow one', 'slow two', 'slow three'] as const;

export default defineCheck({
  id: 'webhooks.slow-receiver',
  name:
    `A receiver that takes ${LATENCY_MS} ms to answer gets each delivery once, one at a time: the next delivery of the webhook comes only after the ` +
    'previous one was answered, and no delivery comes again while its attempt is still waiting for the answer',
  level: 'SHOULD',
  area: 'webhooks',
  requirements: ['WH-032', 'WH-031'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const id = await createItem(ctx, n);
      await withHooks(ctx, [n.items], async ([hook], receiver) => {
        if (!hook) return;
        receiver.latencyMs = LATENCY_MS;
        let last;
        const correlationIds: string[] = [];
        // Three: the later two wait while the first is in flight, so a server reads them ahead together.
        for (const title of TITLES) {
          last = await sendCorrelated(ctx, { command: 'svc.entity/update', args: { type: n.items, entity: { 'svc/id': id, [n.title]: title } } }, `an update of the title to "${title}"`);
          correlationIds.push(last.correlationId);
        }
        const what = `the deliveries with command.correlationId ${correlationIds.join(' and ')} at webhook ${hook.id}, each answered after ${LATENCY_MS} ms`;
        if (!(await receiver.waitFor(() => receiver.on(hook.path).length >= TITLES.length, { what, timeoutMs: deliveryWaitMs() + TITLES.length * LATENCY_MS }))) {
          fail(`${what}: ${receiver.on(hook.path).length} arrived within ${seconds(deliveryWaitMs() + TITLES.length * LATENCY_MS)}`, last?.res);
        }
        // Anything that would come again while an attempt waits comes within the next answer time.
        await receiver.quietFor(LATENCY_MS + 300);
        const got = receiver.on(hook.path);
        const ids = got.map((r) => r.headers['webhook-id'] ?? `#${r.index}`);
        if (new Set(ids).size !== ids.length) {
          fail(`a delivery came again although the receiver answered every attempt 200 (after ${LATENCY_MS} ms): webhook-ids in order of arrival ${JSON.stringify(ids)}`, last?.res);
        }
        if (got.length !== TITLES.length) fail(`${TITLES.length} updates made ${TITLES.length} deliveries; the receiver got ${got.length}: webhook-ids ${JSON.stringify(ids)}`, last?.res);
        const lastRes = last?.res;
        got.forEach((next, i) => {
          const previous = got[i - 1];
          if (previous && next.receivedAt < previous.receivedAt + LATENCY_MS - SLACK_MS) {
            fail(`delivery ${i + 1} came ${next.receivedAt - previous.receivedAt} ms after delivery ${i}, before that one was answered (${LATENCY_MS} ms): a webhook's deliveries go out one at a time`, lastRes);
          }
        });
      });
    });
  },
});
