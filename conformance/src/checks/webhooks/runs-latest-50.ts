import { randomUUID } from 'node:crypto';
import { expectStatus, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { withTestWorkspace, type Command } from '../../workspace.js';
import { createItem, pollRecord, waitForCorrelation, withHooks } from './support.js';

const DELIVERIES = 53;

export default defineCheck({
  id: 'webhooks.runs-latest-50',
  name: `After ${DELIVERIES} delivery attempts GET /api/webhooks/v2 shows the latest 50 runs of the webhook, newest first`,
  level: 'MUST',
  area: 'webhooks',
  requirements: ['LIMIT-006', 'WH-009', 'WH-025'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const id = await createItem(ctx, n);
      await withHooks(ctx, [n.items], async ([hook], receiver) => {
        if (!hook) return;
        const commands: Command[] = Array.from({ length: DELIVERIES }, (_, i) => ({
          command: 'svc.entity/update',
          correlationId: randomUUID(),
          args: { type: n.items, entity: { 'svc/id': id, [n.count]: i } },
        }));
        const res = await ctx.http.command(commands);
        expectStatus(res, 200, `an array of ${DELIVERIES} updates (one delivery each)`);
        await waitForCorrelation(receiver, hook, commands.at(-1)?.correlationId as string, 'the last delivery');
        const { record, res: listed } = await pollRecord(ctx, hook, 'at least 50 runs', (r) => Array.isArray(r['runs']) && r['runs'].length >= 50);
        const runs = Array.isArray(record['runs']) ? record['runs'] : [];
        const attempts = receiver.on(hook.path).length;
        if (runs.length !== 50) fail(`after ${attempts} attempts the webhook lists ${runs.length} runs, expected the latest 50`, listed);
        const times = runs.map((r) => (isRecord(r) ? Date.parse(String(r['request_time'])) : NaN));
        for (let i = 1; i < times.length; i++) {
          if (!((times[i - 1] as number) >= (times[i] as number))) fail(`runs are not newest first: run ${i - 1} at ${JSON.stringify(runs[i - 1])} before run ${i} at ${JSON.stringify(runs[i])}`, listed);
        }
      });
    });
  },
});
