import { fail } from '../../assert.js';
import { CheckUnsupported, defineCheck } from '../../check.js';
import { deliveryWaitMs, seconds } from '../../receiver.js';
import { withTestWorkspace } from '../../workspace.js';
import { createItem, expectAttempts, pollRecord, sendCorrelated, withHooks } from './support.js';

/** Longest wait for the next attempt of a failed delivery: the server's backoff comes first (about 5 s, then 10 s on the reference server). */
const retryWaitMs = (): number => 3 * deliveryWaitMs();

export default defineCheck({
  id: 'webhooks.retries',
  name:
    'A receiver answering 500, then 300, gets the delivery again (same webhook-id, same body) until it answers 2xx, at least three attempts in all; every attempt appears in the ' +
    "webhook's runs, newest first, as {http_status, elapsed_time, request_time} strings (a server that never tries a failed delivery again lacks retries)",
  level: 'MUST',
  unsupported: 'SHOULD',
  // As long as the server's retry schedule makes it: 12 s against `npm start` (5 s, then 10 s).
  cost: 'slow',
  area: 'webhooks',
  requirements: ['WH-031', 'WH-025', 'WH-007'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const id = await createItem(ctx, n);
      await withHooks(ctx, [n.items], async ([hook], receiver) => {
        if (!hook) return;
        // A 5xx and a 3xx (not followed: any status but 2xx is a failure).
        receiver.answerNext([500, 300]);
        const { res, correlationId } = await sendCorrelated(ctx, { command: 'svc.entity/update', args: { type: n.items, entity: { 'svc/id': id, [n.title]: 'retried' } } }, 'an update');
        const statuses = () => receiver.on(hook.path).map((a) => a.status).join(', ') || 'none';
        if (!(await receiver.waitFor(() => receiver.on(hook.path).length > 0, { what: `the first attempt of a delivery to webhook ${hook.id}` }))) {
          fail(`no attempt of the delivery with command.correlationId ${correlationId} arrived at webhook ${hook.id} (${hook.type}) within ${seconds(deliveryWaitMs())}`, res);
        }
        const retried = await receiver.waitFor(() => receiver.on(hook.path).length > 1, { what: `a second attempt of the delivery to webhook ${hook.id}`, timeoutMs: retryWaitMs() });
        if (!retried) {
          // Without retries the one attempt must still be a run (WH-025).
          await pollRecord(ctx, hook, 'the failed attempt among its runs', (r) => Array.isArray(r['runs']) && r['runs'].length >= 1);
          throw new CheckUnsupported(['retries of failed deliveries'], `the delivery answered 500 was not tried again within ${seconds(retryWaitMs())}`);
        }
        const arrived = await receiver.waitFor(() => receiver.on(hook.path).some((r) => r.status === 200), { what: `the third attempt of the delivery to webhook ${hook.id}`, timeoutMs: retryWaitMs() });
        if (!arrived) fail(`the delivery was tried again after the first answer 500, but not until it succeeded: after answers 500 and 300 no further attempt within ${seconds(retryWaitMs())} (attempts: ${statuses()})`, res);
        await expectAttempts(ctx, receiver, hook, [500, 300, 200], res);
      });
    });
  },
});
