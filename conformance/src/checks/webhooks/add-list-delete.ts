import { expectErrorName, expectJson, expectPlainError, expectStatus, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { Receiver } from '../../receiver.js';
import { withTestWorkspace } from '../../workspace.js';
import { WEBHOOKS, addHook, listHooks, removeHook } from './support.js';

export default defineCheck({
  id: 'webhooks.add-list-delete',
  name:
    'POST /api/webhooks/v2 {url, type} answers the record {id (integer), url, type, state "active", version "2", runs []}; ' +
    'GET lists it with the same fields and a runs array; DELETE /api/webhooks/v2/<id> answers 200 true, after which it is no longer listed (and a second DELETE answers 404 webhook.error/not-found naming the id)',
  level: 'MUST',
  area: 'webhooks',
  requirements: ['WH-001', 'WH-002', 'WH-003', 'WH-004', 'WH-005', 'WH-006', 'WH-008', 'WH-009', 'WH-010', 'WH-011', 'VER-001', 'VER-002'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const receiver = await Receiver.start();
      try {
        const hook = await addHook(ctx, receiver, n.items);
        try {
          const expected = { id: hook.id, url: receiver.url(hook.path), type: n.items, state: 'active', version: '2' };
          for (const [key, value] of Object.entries(expected)) {
            if (hook.record[key] !== value) fail(`the new webhook's "${key}" is ${JSON.stringify(hook.record[key])}, expected ${JSON.stringify(value)}`, hook.response);
          }
          if (!Array.isArray(hook.record['runs']) || hook.record['runs'].length !== 0) fail(`the new webhook's "runs" is ${JSON.stringify(hook.record['runs'])}, expected []`, hook.response);

          const { list, res } = await listHooks(ctx);
          const listed = list.find((r) => r['id'] === hook.id);
          if (!listed) fail(`GET ${WEBHOOKS} does not list the webhook ${hook.id} just added`, res);
          for (const [key, value] of Object.entries(expected)) {
            if (listed[key] !== value) fail(`GET ${WEBHOOKS}: the webhook's "${key}" is ${JSON.stringify(listed[key])}, expected ${JSON.stringify(value)}`, res);
          }
          if (!Array.isArray(listed['runs'])) fail(`GET ${WEBHOOKS}: the webhook's "runs" is not an array`, res);
          for (const record of list) {
            if (typeof record['id'] !== 'number' || !Number.isInteger(record['id'])) fail(`GET ${WEBHOOKS}: a record's "id" is ${JSON.stringify(record['id'])}, not an integer`, res);
          }

          const deleted = await ctx.http.request({ method: 'DELETE', path: `${WEBHOOKS}/${hook.id}` });
          expectStatus(deleted, 200, `DELETE ${WEBHOOKS}/${hook.id}`);
          if (expectJson(deleted, `DELETE ${WEBHOOKS}/${hook.id}`) !== true) fail(`DELETE ${WEBHOOKS}/${hook.id} should answer true (TrueResult); got ${JSON.stringify(deleted.json)}`, deleted);
          const after = await listHooks(ctx);
          if (after.list.some((r) => r['id'] === hook.id)) fail(`GET ${WEBHOOKS} still lists webhook ${hook.id} after it was deleted`, after.res);
          const again = await ctx.http.request({ method: 'DELETE', path: `${WEBHOOKS}/${hook.id}` });
          expectStatus(again, 404, `DELETE ${WEBHOOKS}/${hook.id} of a deleted webhook`);
          const gone = expectPlainError(again, 'deleting a webhook that is gone');
          expectErrorName(again, gone.name, 'webhook.error/not-found', 'deleting a webhook that is gone');
          if (String(gone.data?.['id']) !== String(hook.id)) fail(`deleting webhook ${hook.id} that is gone: data.id should name it; got ${JSON.stringify(gone.data?.['id'])}`, again);
        } finally {
          await removeHook(ctx, hook);
        }
      } finally {
        await receiver.close();
      }
    });
  },
});
