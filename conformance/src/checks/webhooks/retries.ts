import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { DELIVERY_WAIT_MS } from '../../receiver.js';
import { isRecord } from '../../shapes.js';
import { withTestWorkspace } from '../../workspace.js';
import { createItem, pollRecord, sendCorrelated, withHooks } from './support.js';

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

export default defineCheck({
  id: 'webhooks.retries',
  name:
    'A receiver answering 500 gets the delivery again (same webhook-id, same body) until it answers 2xx; every attempt appears in the ' +
    "webhook's runs, newest first, as {http_status, elapsed_time, request_time} strings",
  level: 'SHOULD',
  // As long as the server's retry schedule makes it: 12 s against `npm start` (5 s, then 10 s).
  cost: 'slow',
  area: 'webhooks',
  requirements: ['WH-031', 'WH-025', 'WH-007'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const id = await createItem(ctx, n);
      await withHooks(ctx, [n.items], async ([hook], receiver) => {
        if (!hook) return;
        receiver.failNext(2);
        const { res } = await sendCorrelated(ctx, { command: 'svc.entity/update', args: { type: n.items, entity: { 'svc/id': id, [n.title]: 'retried' } } }, 'an update');
        const arrived = await receiver.waitFor(() => receiver.on(hook.path).some((r) => r.status === 200));
        const attempts = receiver.on(hook.path);
        if (!arrived) fail(`after two answers 500 the delivery was not tried again until it succeeded within ${DELIVERY_WAIT_MS / 1000} s (attempts: ${attempts.map((a) => a.status).join(', ') || 'none'})`, res);
        if (attempts.length !== 3 || attempts.map((a) => a.status).join() !== '500,500,200') {
          fail(`expected three attempts answered 500, 500, 200; got ${attempts.map((a) => a.status).join(', ')}`, res);
        }
        const ids = new Set(attempts.map((a) => a.headers['webhook-id']));
        if (ids.size !== 1 || ids.has(undefined as unknown as string)) fail(`every attempt of one delivery should carry the same webhook-id header; got ${JSON.stringify(attempts.map((a) => a.headers['webhook-id']))}`, res);
        if (new Set(attempts.map((a) => a.body)).size !== 1) fail('every attempt of one delivery should carry the same body', res);

        const { record, res: listed } = await pollRecord(ctx, hook, (r) => Array.isArray(r['runs']) && r['runs'].length >= 3);
        const runs = record && Array.isArray(record['runs']) ? record['runs'] : [];
        if (runs.length !== 3) fail(`after three attempts the webhook lists ${runs.length} runs, expected 3: ${JSON.stringify(runs)}`, listed);
        for (const run of runs) {
          if (!isRecord(run) || typeof run['http_status'] !== 'string' || typeof run['elapsed_time'] !== 'string' || !/^\d+$/.test(run['elapsed_time']) || typeof run['request_time'] !== 'string' || !TIMESTAMP.test(run['request_time'])) {
            fail(`a run is not {http_status: string, elapsed_time: string of milliseconds, request_time: timestamp}: ${JSON.stringify(run)}`, listed);
          }
        }
        const statuses = runs.map((r) => (isRecord(r) ? r['http_status'] : undefined));
        if (statuses.join() !== '200,500,500') fail(`the runs should be, newest first, "200", "500", "500"; got ${JSON.stringify(statuses)}`, listed);
      });
    });
  },
});
