import { randomBytes } from 'node:crypto';
import { expectJson, expectSuccess, expectStatus, fail } from '../../assert.js';
import { CheckUnsupported, defineCheck } from '../../check.js';
import { Receiver } from '../../receiver.js';
import { isRecord } from '../../shapes.js';
import { withTestWorkspace } from '../../workspace.js';
import { WEBHOOKS, createItem, removeHook, sendCorrelated, waitForCorrelation, type Hook } from './support.js';

export default defineCheck({
  id: 'webhooks.type-by-id',
  name:
    "A server that accepts the Database's svc/id as the `type` of POST /api/webhooks/v2 (as some clients send it) answers a record naming the Database, " +
    'in lower or upper case, and the webhook reports changes of that Database (400 webhook.error/type-not-found: the server takes names only)',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'webhooks',
  requirements: ['WH-028'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const res = await ctx.http.command({ command: 'svc.schema/query' });
      const schema = expectSuccess(res, 'svc.schema/query');
      const types = isRecord(schema) && Array.isArray(schema['svc/types']) ? schema['svc/types'] : [];
      const items = types.find((t: unknown) => isRecord(t) && t['svc/name'] === n.items) as Record<string, unknown> | undefined;
      const typeId = items?.['svc/id'];
      if (typeof typeId !== 'string') fail(`svc.schema/query does not list ${n.items} with a svc/id`, res);
      const item = await createItem(ctx, n);
      const receiver = await Receiver.start();
      try {
        const path = `/hook-${randomBytes(6).toString('hex')}`;
        const added = await ctx.http.post(WEBHOOKS, { url: receiver.url(path), type: typeId });
        if (added.status === 400 && isRecord(added.json) && added.json['name'] === 'webhook.error/type-not-found') {
          throw new CheckUnsupported(['webhook type given as the Database svc/id'], 'the server answered 400 webhook.error/type-not-found');
        }
        expectStatus(added, 200, `adding a webhook with type ${typeId} (the svc/id of ${n.items})`);
        const record = expectJson(added, 'adding a webhook by the Database svc/id');
        if (!isRecord(record) || typeof record['id'] !== 'number') fail('adding a webhook by the Database svc/id: the answer has no integer "id"', added);
        const hook: Hook = { id: record['id'] as number, type: n.items, secret: '', path, record, response: added };
        try {
          if (record['type'] !== n.items) {
            fail(`a webhook added with type ${typeId} (the svc/id of ${n.items}) answers type ${JSON.stringify(record['type'])}, expected the Database name ${n.items}`, added);
          }
          // UUIDs are case-insensitive on input (RFC 4122): the id in capitals names the same Database.
          const upper = await ctx.http.post(WEBHOOKS, { url: receiver.url(`${path}-upper`), type: typeId.toUpperCase() });
          const upperRecord = isRecord(upper.json) ? upper.json : undefined;
          if (typeof upperRecord?.['id'] === 'number') await removeHook(ctx, { ...hook, id: upperRecord['id'] });
          if (upper.status !== 200 || upperRecord?.['type'] !== n.items) {
            fail(`a webhook added with type ${typeId.toUpperCase()} (the svc/id of ${n.items} in capitals) answers ${upper.status} ${JSON.stringify(upper.json).slice(0, 300)}, expected a record naming ${n.items}`, upper);
          }
          const { correlationId } = await sendCorrelated(ctx, { command: 'svc.entity/update', args: { type: n.items, entity: { 'svc/id': item, [n.title]: 'by id' } } }, 'an update of an Item');
          const { delivery } = await waitForCorrelation(receiver, hook, correlationId, `the delivery to the webhook added by the svc/id of ${n.items}`);
          const foreign = delivery.effects.filter((e) => e.type !== n.items || e.id !== item);
          if (foreign.length > 0 || delivery.effects.length === 0) fail(`the webhook added by the svc/id of ${n.items} received effects ${JSON.stringify(delivery.effects).slice(0, 600)}, expected the update of the Item ${item}`);
        } finally {
          await removeHook(ctx, hook);
        }
      } finally {
        await receiver.close();
      }
    });
  },
});
