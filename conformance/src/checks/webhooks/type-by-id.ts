import { expectSuccess, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { Receiver } from '../../receiver.js';
import { isRecord } from '../../shapes.js';
import { withTestWorkspace } from '../../workspace.js';
import { addHook, removeHook } from './support.js';

export default defineCheck({
  id: 'webhooks.type-by-id',
  name: "POST /api/webhooks/v2 accepts the Database's svc/id as `type` (as some clients send it); the record names the Database",
  level: 'SHOULD',
  area: 'webhooks',
  requirements: ['WH-028'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const res = await ctx.http.command({ command: 'svc.schema/query' });
      const schema = expectSuccess(res, 'svc.schema/query');
      const types = isRecord(schema) && Array.isArray(schema['svc/types']) ? schema['svc/types'] : [];
      const items = types.find((t: unknown) => isRecord(t) && t['svc/name'] === n.items) as Record<string, unknown> | undefined;
      const id = items?.['svc/id'];
      if (typeof id !== 'string') fail(`svc.schema/query does not list ${n.items} with a svc/id`, res);
      const receiver = await Receiver.start();
      try {
        const hook = await addHook(ctx, receiver, id);
        try {
          if (hook.record['type'] !== n.items) {
            fail(`a webhook added with type ${id} (the svc/id of ${n.items}) answers type ${JSON.stringify(hook.record['type'])}, expected the Database name ${n.items}`, hook.response);
          }
        } finally {
          await removeHook(ctx, hook);
        }
      } finally {
        await receiver.close();
      }
    });
  },
});
