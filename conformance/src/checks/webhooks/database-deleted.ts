import { expectSuccess, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { typeDelete } from '../../model/schema.js';
import { Receiver } from '../../receiver.js';
import { isRecord } from '../../shapes.js';
import { schemaBatch, uniqueSpaceName } from '../../workspace.js';
import { addHook, listHooks, removeHook, type Hook } from './support.js';

export default defineCheck({
  id: 'webhooks.database-deleted',
  name:
    'Deleting a Database (schema.type/delete) deletes its webhooks: the operation\'s result lists their ids in `svc/deleted-webhooks`, ' +
    'GET /api/webhooks/v2 no longer shows them, and a webhook of another Database stays; deleting a Database without webhooks lists none (`[]`)',
  level: 'SHOULD',
  area: 'webhooks',
  requirements: ['WH-043'],
  target: 'server',
  async run(ctx) {
    const space = uniqueSpaceName(ctx);
    const [doomedType, keptType, bareType] = [`${space}/Notes`, `${space}/Memos`, `${space}/Drafts`];
    const live = new Set<string>();
    const receiver = await Receiver.start();
    const hooks: Hook[] = [];
    try {
      for (const name of [doomedType, keptType, bareType]) {
        expectSuccess(
          await schemaBatch(ctx, [{ command: 'schema.type/create', args: { 'svc/name': name, 'svc/fields': [{ 'svc/name': `${space}/Title`, 'svc/type': 'svc/text' }] } }]),
          `creating the Database ${name}`,
        );
        live.add(name);
      }
      const doomed = [await addHook(ctx, receiver, doomedType), await addHook(ctx, receiver, doomedType)];
      const kept = await addHook(ctx, receiver, keptType);
      hooks.push(...doomed, kept);
      const res = await schemaBatch(ctx, [typeDelete(doomedType)]);
      const result = expectSuccess(res, `deleting ${doomedType}`);
      live.delete(doomedType);
      const element = Array.isArray(result) ? result[0] : undefined;
      if (!isRecord(element)) fail(`deleting ${doomedType}: the result is not a list with one element per operation (SchemaBatchResult)`, res);
      const named = element['svc/deleted-webhooks'];
      if (!Array.isArray(named)) fail(`deleting ${doomedType}: the operation's element has no array "svc/deleted-webhooks" naming the webhooks deleted with it`, res);
      const expected = doomed.map((h) => h.id).sort((a, b) => a - b);
      const got = [...named].sort((a, b) => Number(a) - Number(b));
      if (JSON.stringify(got) !== JSON.stringify(expected)) {
        fail(`deleting ${doomedType}: "svc/deleted-webhooks" is ${JSON.stringify(named)}, expected the ids of its webhooks ${JSON.stringify(expected)} (and not ${kept.id}, a webhook of ${keptType})`, res);
      }
      const { list, res: listed } = await listHooks(ctx);
      const ids = list.map((r) => r['id']);
      const left = doomed.filter((h) => ids.includes(h.id));
      if (left.length > 0) fail(`after ${doomedType} was deleted, GET /api/webhooks/v2 still lists its webhook(s) ${left.map((h) => h.id).join(', ')}`, listed);
      if (!ids.includes(kept.id)) fail(`after ${doomedType} was deleted, GET /api/webhooks/v2 no longer lists webhook ${kept.id} of ${keptType}, which was not deleted`, listed);
      const bare = await schemaBatch(ctx, [typeDelete(bareType)]);
      const bareResult = expectSuccess(bare, `deleting ${bareType}, a Database without webhooks`);
      live.delete(bareType);
      const bareElement = Array.isArray(bareResult) ? bareResult[0] : undefined;
      const none = isRecord(bareElement) ? bareElement['svc/deleted-webhooks'] : undefined;
      if (!Array.isArray(none) || none.length > 0) fail(`deleting ${bareType}, a Database without webhooks: "svc/deleted-webhooks" should be [], got ${JSON.stringify(none)}`, bare);
    } finally {
      for (const hook of hooks) await removeHook(ctx, hook);
      await receiver.close();
      for (const name of live) await schemaBatch(ctx, [typeDelete(name)]).catch(() => undefined);
    }
  },
});
