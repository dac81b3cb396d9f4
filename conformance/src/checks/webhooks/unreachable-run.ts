import { expectStatus, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { Receiver } from '../../receiver.js';
import { isRecord } from '../../shapes.js';
import { withTestWorkspace } from '../../workspace.js';
import { addHook, createItem, pollRecord, removeHook, sendCorrelated } from './support.js';

export default defineCheck({
  id: 'webhooks.unreachable-run',
  name:
    'A delivery attempt that gets no response (the receiver\'s port refuses the connection) is still a run, with http_status "0", ' +
    'and the webhook stays listed and active',
  level: 'MUST',
  area: 'webhooks',
  requirements: ['WH-025'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const id = await createItem(ctx, n);
      // A receiver started and closed at once: its address is allowed, and nothing listens there any more.
      const gone = await Receiver.start();
      await gone.close();
      const hook = await addHook(ctx, gone, n.items);
      try {
        const { res } = await sendCorrelated(ctx, { command: 'svc.entity/update', args: { type: n.items, entity: { 'svc/id': id, [n.title]: 'nobody listens' } } }, 'an update');
        expectStatus(res, 200, 'an update of an Item whose Database has a webhook to a closed port');
        const { record, res: listed } = await pollRecord(ctx, hook, 'a run of the attempt that got no response', (r) => Array.isArray(r['runs']) && r['runs'].length >= 1);
        const runs = Array.isArray(record['runs']) ? record['runs'] : [];
        const statuses = runs.map((r) => (isRecord(r) ? r['http_status'] : undefined));
        if (!statuses.every((s) => s === '0')) fail(`every attempt to a closed port got no response, so every run's http_status is "0"; got ${JSON.stringify(statuses)}`, listed);
        if (record['state'] !== 'active') fail(`a webhook whose attempts fail stays active; its state is ${JSON.stringify(record['state'])}`, listed);
      } finally {
        await removeHook(ctx, hook);
      }
    });
  },
});
