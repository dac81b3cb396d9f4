import { expectSuccess, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { Receiver } from '../../receiver.js';
import { schemaBatch, uniqueSpaceName } from '../../workspace.js';
import { addHook, listHooks, removeHook, type Hook } from './support.js';
import { typeDelete } from '../../model/schema.js';

export default defineCheck({
  id: 'webhooks.type-renamed',
  name:
    "A webhook's `type` in GET /api/webhooks/v2 is its Database's current name: after schema.type/rename the new one " +
    '(and no runs: schema commands are not reported; what deleting the Database does: webhooks.database-deleted)',
  level: 'SHOULD',
  area: 'webhooks',
  requirements: ['WH-042'],
  target: 'server',
  async run(ctx) {
    const space = uniqueSpaceName(ctx);
    const [before, after] = [`${space}/Notes`, `${space}/Memos`];
    let live: string | undefined;
    const receiver = await Receiver.start();
    let hook: Hook | undefined;
    try {
      expectSuccess(
        await schemaBatch(ctx, [{ command: 'schema.type/create', args: { 'svc/name': before, 'svc/fields': [{ 'svc/name': `${space}/Title`, 'svc/type': 'svc/text' }] } }]),
        `creating the Database ${before}`,
      );
      live = before;
      hook = await addHook(ctx, receiver, before);
      const listedType = async (): Promise<unknown> => {
        const { list, res } = await listHooks(ctx);
        const record = list.find((r) => r['id'] === hook?.id);
        if (record === undefined) fail(`webhook ${hook?.id} is missing from the list`, res);
        // Schema commands are not reported, and no Entity was written: nothing was attempted.
        if (!Array.isArray(record['runs']) || record['runs'].length > 0) fail(`webhook ${hook?.id} lists the runs ${JSON.stringify(record['runs'])}, expected [] (schema commands are not reported)`, res);
        return record['type'];
      };
      expectSuccess(await schemaBatch(ctx, [{ command: 'schema.type/rename', args: { 'from-name': before, 'to-name': after } }]), `renaming ${before} to ${after}`);
      live = after;
      const renamed = await listedType();
      if (renamed !== after) fail(`after ${before} was renamed to ${after}, the list gives webhook ${hook.id} the type ${JSON.stringify(renamed)}, expected ${JSON.stringify(after)}`, ctx.http.lastExchange?.response);
    } finally {
      if (hook !== undefined) await removeHook(ctx, hook);
      await receiver.close();
      if (live !== undefined) await schemaBatch(ctx, [typeDelete(live)]).catch(() => undefined);
    }
  },
});
