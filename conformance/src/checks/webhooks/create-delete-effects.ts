import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { canonicalJson } from '../../model/values.js';
import type { Receiver } from '../../receiver.js';
import { isRecord, type JsonRecord } from '../../shapes.js';
import { SupportLedger } from '../../support.js';
import { withTestWorkspace } from '../../workspace.js';
import { createItem, delivered, sendCorrelated, waitForCorrelation, withHooks, type Hook, type Received } from './support.js';

/** How long a delivery of a create or delete may trail the delivery of the update sent after it (servers that do not keep the order). */
const TRAIL_MS = 1_000;

/**
 * The delivery of a command that may not be reported at all: waits for the delivery of `next`, a
 * contract update sent after it, then a little longer for this one. Undefined: nothing came.
 */
async function deliveryOf(receiver: Receiver, hook: Hook, correlationId: string, next: string, what: string): Promise<Received | undefined> {
  await waitForCorrelation(receiver, hook, next, `the delivery of the update sent after ${what}`);
  const find = () => delivered(receiver, hook).find((r) => r.delivery.command.correlationId === correlationId);
  await receiver.within(() => find() !== undefined, TRAIL_MS);
  return find();
}

export default defineCheck({
  id: 'webhooks.create-delete-effects',
  name:
    'A server that reports creates and deletes reports them right: svc.entity/create as an svc.entity/create effect {id, type, values} with the written values, ' +
    'svc.entity/delete as an svc.entity/delete effect {id, type, valuesBefore} with every value the Entity had (no delivery at all for them: the server lacks these effect kinds)',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'webhooks',
  requirements: ['WH-026', 'WH-027'],
  target: 'server',
  async run(ctx) {
    const ledger = new SupportLedger();
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const other = await createItem(ctx, n);
      await withHooks(ctx, [n.items], async ([hook], receiver) => {
        if (!hook) return;
        const touch = (title: string) => sendCorrelated(ctx, { command: 'svc.entity/update', args: { type: n.items, entity: { 'svc/id': other, [n.title]: title } } }, 'an update of another Item');
        // Falsy and fractional values too: a value lost on the way shows.
        const written: JsonRecord = { [n.title]: 'created', [n.count]: 0, [n.done]: false, [n.amount]: 2.5, [n.due]: '2024-02-29' };
        const created = await sendCorrelated(ctx, { command: 'svc.entity/create', args: { type: n.items, entity: written } }, 'svc.entity/create');
        const id = isRecord(created.result) ? String(created.result['svc/id']) : '';
        const first = await deliveryOf(receiver, hook, created.correlationId, (await touch('after the create')).correlationId, 'the create');
        const differs = (side: JsonRecord) => Object.keys(written).find((f) => canonicalJson(side[f] ?? null) !== canonicalJson(written[f]));
        if (first === undefined) ledger.lacks('svc.entity/create effects', 'a create was not delivered');
        else {
          const create = first.delivery.effects.find((e) => e.effect === 'svc.entity/create' && e.id === id);
          if (!create || create.effect !== 'svc.entity/create') fail(`the delivery of a create has no svc.entity/create effect of ${id}: ${JSON.stringify(first.delivery.effects).slice(0, 800)}`, created.res);
          const wrong = differs(create.values);
          if (create.type !== n.items || wrong !== undefined) {
            fail(`the svc.entity/create effect should carry type ${n.items} and the written values ${JSON.stringify(written)}${wrong === undefined ? '' : ` (${wrong} differs)`}: ${JSON.stringify(create)}`, created.res);
          }
        }
        const deleted = await sendCorrelated(ctx, { command: 'svc.entity/delete', args: { type: n.items, entity: { 'svc/id': id } } }, 'svc.entity/delete');
        const second = await deliveryOf(receiver, hook, deleted.correlationId, (await touch('after the delete')).correlationId, 'the delete');
        if (second === undefined) ledger.lacks('svc.entity/delete effects', 'a delete was not delivered');
        else {
          const del = second.delivery.effects.find((e) => e.effect === 'svc.entity/delete' && e.id === id);
          if (!del || del.effect !== 'svc.entity/delete') fail(`the delivery of a delete has no svc.entity/delete effect of ${id}: ${JSON.stringify(second.delivery.effects).slice(0, 800)}`, deleted.res);
          const wrong = differs(del.valuesBefore);
          if (del.type !== n.items || wrong !== undefined) {
            fail(`the svc.entity/delete effect should carry type ${n.items} and the values the Entity had ${JSON.stringify(written)}${wrong === undefined ? '' : ` (${wrong} differs)`}: ${JSON.stringify(del)}`, deleted.res);
          }
        }
      });
    });
    ledger.finish();
  },
});
