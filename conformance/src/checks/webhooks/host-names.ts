import { expectErrorName, expectNamesField, expectPlainError, expectStatus, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { withTestWorkspace } from '../../workspace.js';
import { addHook, createItem, sendCorrelated, waitForCorrelation, WEBHOOKS, withHooks } from './support.js';

/** A name that never resolves (RFC 6761 reserves `.invalid`). */
const UNRESOLVABLE = 'http://no-such-host.invalid/hooks';

export default defineCheck({
  id: 'webhooks.host-names',
  name:
    'A webhook URL may name its host: one on `localhost` (the suite\'s receiver) is added and gets its deliveries, and one on a name that never resolves ' +
    `(${UNRESOLVABLE}) is refused with webhook.error/url-refused naming \`url\``,
  level: 'SHOULD',
  area: 'webhooks',
  requirements: ['WH-041'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const refused = await ctx.http.post(WEBHOOKS, { url: UNRESOLVABLE, type: n.items });
      const what = `adding a webhook to ${UNRESOLVABLE}`;
      if (refused.status === 200) fail(`${what} was accepted: a host name that does not resolve is refused`, refused);
      expectStatus(refused, 400, what);
      const error = expectPlainError(refused, what);
      expectErrorName(refused, error.name, 'webhook.error/url-refused', what);
      expectNamesField(refused, error, 'url', what);

      const id = await createItem(ctx, n);
      await withHooks(ctx, [], async (_none, receiver) => {
        const hook = await addHook(ctx, receiver, n.items, { host: 'localhost' });
        try {
          const { correlationId } = await sendCorrelated(ctx, { command: 'svc.entity/update', args: { type: n.items, entity: { 'svc/id': id, [n.title]: 'by name' } } }, 'an update');
          await waitForCorrelation(receiver, hook, correlationId, `the delivery to webhook ${hook.id} at ${String(hook.record['url'])}`);
        } finally {
          await ctx.http.request({ method: 'DELETE', path: `${WEBHOOKS}/${hook.id}` });
        }
      });
    });
  },
});
