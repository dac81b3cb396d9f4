import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { Receiver } from '../../receiver.js';
import { withTestWorkspace } from '../../workspace.js';
import { addHook, listHooks, removeHook } from './support.js';

export default defineCheck({
  id: 'webhooks.secret-not-listed',
  name: 'The signing secret is returned only when a webhook is added: GET /api/webhooks/v2 shows no "secret" in any record',
  level: 'SHOULD',
  area: 'webhooks',
  requirements: ['WH-037'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const receiver = await Receiver.start();
      try {
        const hook = await addHook(ctx, receiver, n.items);
        try {
          const { list, res } = await listHooks(ctx);
          const shown = list.find((r) => r['id'] === hook.id);
          if (!shown) fail(`GET /api/webhooks/v2 does not list the webhook ${hook.id} just added`, res);
          if ('secret' in shown) fail('GET /api/webhooks/v2 shows the signing secret; it is returned only when the webhook is added', res);
        } finally {
          await removeHook(ctx, hook);
        }
      } finally {
        await receiver.close();
      }
    });
  },
});
