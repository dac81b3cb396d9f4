import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { Receiver } from '../../receiver.js';
import { addHook, delivered, removeHook } from '../webhooks/support.js';
import { lastResponse, withIntegration } from './integration.js';
import { oneTypeScenario } from './scenarios.js';

const ROWS = [
  { id: 't1', name: 'Thing 1' },
  { id: 't2', name: 'Thing 2' },
];
const SCENARIO = oneTypeScenario('Two rows on one page.', {}, ROWS);

export default defineCheck({
  id: 'sync.webhook-correlation',
  name: 'The webhook deliveries a sync run causes (the Entities it creates) carry command.correlationId "svc-sync/<run id>"',
  level: 'MUST',
  area: 'sync',
  requirements: ['SYNC-017'],
  target: 'server',
  async run(ctx) {
    await withIntegration(ctx, SCENARIO, { sync: false }, async (it) => {
      const type = it.database('thing');
      const receiver = await Receiver.start();
      const hook = await addHook(ctx, receiver, type);
      try {
        const run = await it.sync('a sync creating two Entities of a Database with a webhook');
        const ids = new Set([...(await it.byKey('thing')).values()].map((e) => String(e['svc/id'])));
        const created = () => new Set(delivered(receiver, hook).flatMap((r) => r.delivery.effects.filter((e) => e.effect === 'svc.entity/create').map((e) => e.id)));
        await receiver.waitFor(() => [...ids].every((id) => created().has(id)), { what: `the create effects of the ${ids.size} Entities run ${run.id} created, at webhook ${hook.id} (${type})` });
        const deliveries = delivered(receiver, hook);
        const missing = [...ids].filter((id) => !created().has(id));
        if (missing.length > 0) fail(`SYNC-017: run ${run.id} created the Entities ${[...ids].join(', ')}; the webhook on ${type} got no create effect of ${missing.join(', ')} (${deliveries.length} deliveries)`, lastResponse(ctx));
        const want = `svc-sync/${run.id}`;
        for (const { delivery } of deliveries) {
          if (delivery.command.correlationId !== want) {
            fail(`SYNC-017: a delivery of run ${run.id} (effects ${delivery.effects.map((e) => `${e.effect} ${e.id}`).join(', ')}) carries command.correlationId ${JSON.stringify(delivery.command.correlationId)}, expected "${want}"`, lastResponse(ctx));
          }
        }
      } finally {
        await removeHook(ctx, hook);
        await receiver.close();
      }
    });
  },
});
