import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { canonicalJson } from '../../model/values.js';
import { isRecord } from '../../shapes.js';
import { run, withTestWorkspace } from '../../workspace.js';
import { sendCorrelated, waitForCorrelation, withHooks } from './support.js';

export default defineCheck({
  id: 'webhooks.update-effect',
  name:
    'An svc.entity/update of an Entity of the webhook\'s Database is delivered to its url as {sequenceId (integer), authorId (the user who made it), ' +
    'creationDate, command: {correlationId}, effects}, with an svc.entity/update effect {effect, id, type, values, valuesBefore} holding the new and the previous values of the changed fields (a field written with the value it had is in neither)',
  level: 'MUST',
  area: 'webhooks',
  requirements: ['WH-013', 'WH-014', 'WH-015', 'WH-016', 'WH-017', 'WH-018', 'WH-020', 'WH-022', 'WH-029'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const created = await run(ctx, { command: 'svc.entity/create', args: { type: n.items, entity: { [n.title]: 'before', [n.count]: 1, [n.amount]: 1.5 } } }, 'creating an Item');
      if (!isRecord(created) || typeof created['svc/id'] !== 'string') fail('svc.entity/create answered no svc/id', ctx.http.lastExchange?.response);
      const id = created['svc/id'] as string;
      const author = isRecord(created['svc/created-by']) ? created['svc/created-by']['svc/id'] : undefined;
      await withHooks(ctx, [n.items], async ([hook], receiver) => {
        if (!hook) return;
        const { correlationId, res } = await sendCorrelated(
          ctx,
          { command: 'svc.entity/update', args: { type: n.items, entity: { 'svc/id': id, [n.title]: 'after', [n.count]: 2, [n.amount]: 1.5 } } },
          'svc.entity/update of two fields (and a third written with the value it has)',
        );
        const { delivery, request } = await waitForCorrelation(receiver, hook, correlationId, 'the delivery of an update');
        const body = request.json as Record<string, unknown>;
        if (!isRecord(body['command']) || body['command']['correlationId'] !== correlationId) {
          fail(`the delivery's command is ${JSON.stringify(body['command'])}, expected {"correlationId": "${correlationId}"}`, res);
        }
        if (typeof author === 'string' && delivery.authorId !== author) fail(`the delivery's authorId is ${delivery.authorId}, expected the user who made the change (${author}, the svc/created-by of Entities this token creates)`, res);
        const updates = delivery.effects.filter((e) => e.effect === 'svc.entity/update' && e.id === id);
        const effect = updates[0];
        if (updates.length !== 1 || !effect || effect.effect !== 'svc.entity/update') {
          fail(`the delivery should hold one svc.entity/update effect of ${id}; its effects are ${JSON.stringify(delivery.effects).slice(0, 800)}`, res);
        }
        if (effect.type !== n.items) fail(`the effect's type is ${JSON.stringify(effect.type)}, expected ${n.items}`, res);
        const expect = (side: 'values' | 'valuesBefore', field: string, value: unknown) => {
          if (canonicalJson(effect[side][field]) !== canonicalJson(value)) {
            fail(`the update effect's ${side}[${JSON.stringify(field)}] is ${JSON.stringify(effect[side][field])}, expected ${JSON.stringify(value)}; effect: ${JSON.stringify(effect)}`, res);
          }
        };
        expect('values', n.title, 'after');
        expect('values', n.count, 2);
        expect('valuesBefore', n.title, 'before');
        expect('valuesBefore', n.count, 1);
        // Only the changed fields: one written with the value it had is in neither side.
        for (const side of ['values', 'valuesBefore'] as const) {
          if (Object.hasOwn(effect[side], n.amount)) fail(`the update effect's ${side} holds ${n.amount}, which the update wrote with the value it had (1.5); an update effect holds the changed fields only: ${JSON.stringify(effect)}`, res);
        }
      });
    });
  },
});
