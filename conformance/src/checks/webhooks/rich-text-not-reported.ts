import { randomUUID } from 'node:crypto';
import { expectSuccess, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { schemaBatch, uniqueSpaceName } from '../../workspace.js';
import { delivered, sendCorrelated, waitForCorrelation, withHooks, type Effect } from './support.js';
import { typeDelete } from '../../model/schema.js';

/** The field names an effect reports. */
function fieldsOf(effect: Effect): string[] {
  switch (effect.effect) {
    case 'svc.entity/update':
      return [...Object.keys(effect.values), ...Object.keys(effect.valuesBefore)];
    case 'svc.entity/create':
      return Object.keys(effect.values);
    case 'svc.entity/delete':
      return Object.keys(effect.valuesBefore);
    default:
      return [effect.field];
  }
}

export default defineCheck({
  id: 'webhooks.rich-text-not-reported',
  name: 'Changes of rich text fields (Collaboration~Documents/Document) are not reported: an update of the rich text field alone makes no delivery, and no effect of a create, an update or a delete names it',
  level: 'MUST',
  area: 'webhooks',
  requirements: ['WH-012'],
  target: 'server',
  async run(ctx) {
    const space = uniqueSpaceName(ctx);
    const notes = `${space}/Notes`;
    const label = `${space}/Label`;
    const body = `${space}/Body`;
    const made = await schemaBatch(ctx, [
      {
        command: 'schema.type/create',
        args: {
          'svc/name': notes,
          'svc/meta': { 'svc/domain?': true },
          'svc/fields': [
            { 'svc/name': label, 'svc/type': 'svc/text', 'svc/meta': { 'ui/title?': true } },
            { 'svc/name': body, 'svc/type': 'Collaboration~Documents/Document' },
          ],
        },
      },
    ]);
    expectSuccess(made, `creating the Database ${notes} with a rich text field`);
    try {
      await withHooks(ctx, [notes], async ([hook], receiver) => {
        if (!hook) return;
        const created = await sendCorrelated(ctx, { command: 'svc.entity/create', args: { type: notes, entity: { [label]: 'a' } } }, 'creating an Entity with a rich text field');
        const id = isRecord(created.result) ? String(created.result['svc/id']) : '';
        const richOnly = await sendCorrelated(
          ctx,
          { command: 'svc.entity/update', args: { type: notes, entity: { 'svc/id': id, [body]: { 'Collaboration~Documents/secret': randomUUID() } } } },
          'changing only the rich text field',
        );
        await sendCorrelated(ctx, { command: 'svc.entity/update', args: { type: notes, entity: { 'svc/id': id, [label]: 'b' } } }, 'changing a text field');
        await sendCorrelated(ctx, { command: 'svc.entity/delete', args: { type: notes, entity: { 'svc/id': id } } }, 'deleting the Entity');
        const other = await sendCorrelated(ctx, { command: 'svc.entity/create', args: { type: notes, entity: { [label]: 'c' } } }, 'creating another Entity');
        const last = await sendCorrelated(
          ctx,
          { command: 'svc.entity/update', args: { type: notes, entity: { 'svc/id': isRecord(other.result) ? String(other.result['svc/id']) : '', [label]: 'd' } } },
          'changing a text field of the other Entity',
        );
        await waitForCorrelation(receiver, hook, last.correlationId, 'the delivery after the rich text change and the delete');
        const reported = delivered(receiver, hook).find((r) => r.delivery.command.correlationId === richOnly.correlationId);
        if (reported) fail(`an update that changed only the rich text field was delivered: ${reported.request.body.slice(0, 800)}`, richOnly.res);
        for (const { delivery, request } of delivered(receiver, hook)) {
          for (const effect of delivery.effects) {
            if (fieldsOf(effect).includes(body)) fail(`a delivery reports the rich text field ${body}: ${request.body.slice(0, 800)}`, last.res);
          }
        }
      });
    } finally {
      const out = await schemaBatch(ctx, [typeDelete(notes)]);
      if (out.status !== 200) ctx.log(`tear-down of ${notes} answered ${out.status}`);
    }
  },
});
