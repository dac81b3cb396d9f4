import { fail } from '../../assert.js';
import { CheckUnsupported, defineCheck } from '../../check.js';
import { deliveryWaitMs, Receiver, seconds } from '../../receiver.js';
import { withTestWorkspace } from '../../workspace.js';
import { addHook, createItem, expectAttempts, pollRecord, removeHook, sendCorrelated, withHooks, type Hook } from './support.js';

/** Longest wait for the second attempt: the server's first backoff (about 5 s on the reference server) comes first. */
const retryWaitMs = (): number => 3 * deliveryWaitMs();
/** The first answer of each webhook: a server error, and a redirect (not followed: any status but 2xx is a failure). */
const FIRST_ANSWERS = [500, 300] as const;
/** Added to the wait for the second retry after the first one came. */
const RETRY_SLACK_MS = 2_000;

export default defineCheck({
  id: 'webhooks.retried-once',
  name:
    'A receiver answering 500 (one webhook) or 300 (another) to the first attempt gets the delivery once more, with the same webhook-id and body, and the ' +
    'runs list both attempts newest first ("200", then the failed status); an attempt that got no answer (a closed port) is tried again too; the quick form of webhooks.retries, one backoff long',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'webhooks',
  requirements: ['WH-031', 'WH-025'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const id = await createItem(ctx, n);
      // A third webhook to a closed port: no answer at all is a failed attempt too, tried again like the others.
      const gone = await Receiver.start();
      await gone.close();
      const closed = await addHook(ctx, gone, n.items);
      try {
        await withHooks(ctx, [n.items, n.items], async (hooks, receiver) => {
          FIRST_ANSWERS.forEach((status, i) => {
            const hook = hooks[i];
            if (hook) receiver.answerNext([status], hook.path);
          });
          const { res, correlationId } = await sendCorrelated(ctx, { command: 'svc.entity/update', args: { type: n.items, entity: { 'svc/id': id, [n.title]: 'retried once' } } }, 'an update');
          const attempts = (hook: Hook) => receiver.on(hook.path);
          if (!(await receiver.waitFor(() => hooks.every((h) => attempts(h).length > 0), { what: 'the first attempt of the delivery to each webhook' }))) {
            fail(`the delivery with command.correlationId ${correlationId} did not reach every webhook within ${seconds(deliveryWaitMs())}`, res);
          }
          const firstAt = Math.max(...hooks.map((h) => attempts(h)[0]?.receivedAt ?? Date.now()));
          await receiver.within(() => hooks.some((h) => attempts(h).length > 1), retryWaitMs());
          // The first attempts went out together: the other retry comes within about as long again
          // (a backoff with jitter varies by at most a factor of two), plus some slack.
          const backoff = Date.now() - firstAt;
          await receiver.within(() => hooks.every((h) => attempts(h).length > 1), backoff + RETRY_SLACK_MS);
          const retried = hooks.map((h) => attempts(h).length > 1);
          if (!retried.some(Boolean)) {
            // Without retries the one attempt must still be a run (WH-025).
            for (const hook of hooks) await pollRecord(ctx, hook, 'the failed attempt among its runs', (r) => Array.isArray(r['runs']) && r['runs'].length >= 1);
            throw new CheckUnsupported(['retries of failed deliveries'], `no delivery answered ${FIRST_ANSWERS.join(' or ')} was tried again within ${seconds(retryWaitMs())}`);
          }
          hooks.forEach((hook, i) => {
            if (!retried[i]) {
              fail(
                `the server retries failed deliveries, but the one answered ${FIRST_ANSWERS[i]} (webhook ${hook.id}) was not tried again within ${seconds(retryWaitMs())} ` +
                  `while the one answered ${FIRST_ANSWERS[1 - i]} was: every status but 2xx is a failed attempt`,
                res,
              );
            }
          });
          for (const [i, hook] of hooks.entries()) await expectAttempts(ctx, receiver, hook, [FIRST_ANSWERS[i] ?? 500, 200], res);
          await pollRecord(ctx, closed, `a second attempt of the delivery to webhook ${closed.id} at a closed port (no answer is a failed attempt, tried again like a 500)`, (r) => Array.isArray(r['runs']) && r['runs'].length >= 2);
        });
      } finally {
        await removeHook(ctx, closed);
      }
    });
  },
});
