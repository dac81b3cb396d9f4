import { randomUUID } from 'node:crypto';
import { expectJson, expectStatus, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { withTestWorkspace, type Command } from '../../workspace.js';
import { createItem, delivered, sendCorrelated, waitForCorrelation, withHooks } from './support.js';

export default defineCheck({
  id: 'webhooks.order',
  name:
    'Deliveries of a webhook arrive one after the other in the order of the commands that caused them, with sequenceId increasing by one ' +
    '(25 commands, 10 of them in one request as an array of commands)',
  level: 'SHOULD',
  area: 'webhooks',
  requirements: ['WH-032'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const id = await createItem(ctx, n, { [n.title]: 'x', [n.count]: 0 });
      const update = (count: number, correlationId?: string): Command => ({
        command: 'svc.entity/update',
        args: { type: n.items, entity: { 'svc/id': id, [n.count]: count } },
        ...(correlationId ? { correlationId } : {}),
      });
      await withHooks(ctx, [n.items], async ([hook], receiver) => {
        if (!hook) return;
        const sent: string[] = [];
        for (let i = 1; i <= 15; i++) sent.push((await sendCorrelated(ctx, update(i), `update ${i}`)).correlationId);
        const array = Array.from({ length: 10 }, (_, k) => update(16 + k, randomUUID()));
        const res = await ctx.http.command(array);
        expectStatus(res, 200, 'an array of 10 updates');
        const answers = expectJson(res, 'an array of 10 updates');
        if (!Array.isArray(answers) || answers.some((a) => !isRecord(a) || a['success'] !== true)) fail('an array of 10 updates did not succeed', res);
        sent.push(...array.map((c) => c.correlationId as string));
        await waitForCorrelation(receiver, hook, sent.at(-1) as string, 'the delivery of the last update');
        const got = delivered(receiver, hook);
        const order = got.map((r) => r.delivery.command.correlationId);
        if (order.join() !== sent.join()) {
          const firstWrong = sent.findIndex((c, i) => order[i] !== c);
          fail(`deliveries arrived out of command order: at position ${firstWrong} expected the delivery of update ${firstWrong + 1}, got ${JSON.stringify(got[firstWrong]?.delivery.effects)}`);
        }
        for (let i = 1; i < got.length; i++) {
          const previous = got[i - 1]?.delivery.sequenceId ?? 0;
          const current = got[i]?.delivery.sequenceId ?? 0;
          if (current !== previous + 1) fail(`sequenceId does not increase by one: delivery ${i} has ${current} after ${previous}`);
        }
      });
    });
  },
});
