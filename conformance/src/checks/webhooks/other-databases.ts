import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { run, withTestWorkspace } from '../../workspace.js';
import { delivered, sendCorrelated, waitForCorrelation, withHooks } from './support.js';

export default defineCheck({
  id: 'webhooks.other-databases',
  name: "Changes of values in Entities of another Database are not delivered to a webhook: every effect it receives is of an Entity of its own Database",
  level: 'MUST',
  area: 'webhooks',
  requirements: ['WH-021'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      await withHooks(ctx, [n.items], async ([hook], receiver) => {
        if (!hook) return;
        const group = await run(ctx, { command: 'svc.entity/create', args: { type: n.groups, entity: { [n.name]: 'other' } } }, 'creating a Group');
        const g = isRecord(group) ? String(group['svc/id']) : '';
        await run(ctx, { command: 'svc.entity/update', args: { type: n.groups, entity: { 'svc/id': g, [n.name]: 'renamed', [n.rank]: 3 } } }, 'updating the Group');
        await run(ctx, { command: 'svc.entity/delete', args: { type: n.groups, entity: { 'svc/id': g } } }, 'deleting the Group');
        const last = await sendCorrelated(ctx, { command: 'svc.entity/create', args: { type: n.items, entity: { [n.title]: 'mine' } } }, 'creating an Item');
        await waitForCorrelation(receiver, hook, last.correlationId, 'the delivery of the Item');
        for (const { delivery, request } of delivered(receiver, hook)) {
          const foreign = delivery.effects.filter((e) => e.type !== n.items || e.id === g);
          if (foreign.length > 0) fail(`webhook of ${n.items} received effects of another Database: ${JSON.stringify(foreign).slice(0, 600)}\nBody: ${request.body.slice(0, 600)}`, last.res);
        }
      });
    });
  },
});
