import { fail } from '../../assert.js';
import { CheckUnsupported, defineCheck } from '../../check.js';
import { deliveryWaitMs, seconds } from '../../receiver.js';
import { isRecord } from '../../shapes.js';
import { withTestWorkspace } from '../../workspace.js';
import { createItem, pollRecord, sendCorrelated, withHooks } from './support.js';

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
/** Longest wait for the next attempt of a failed delivery: the server's backoff comes first (about 5 s, then 10 s on the reference server). */
const retryWaitMs = (): number => 3 * deliveryWaitMs();

export default defineCheck({
  id: 'webhooks.retries',
  name:
    'A receiver answering 500, then 300, gets the delivery again (same webhook-id, same body) until it answers 2xx, at least three attempts in all; every attempt appears in the ' +
    "webhook's runs, newest first, as {http_status, elapsed_time, request_time} strings (a server that never tries a failed delivery again lacks retries)",
  level: 'MUST',
  unsupported: 'SHOULD',
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
        // A 5xx and a 3xx (not followed: any status but 2xx is a failure).
        receiver.answerNext([500, 300]);
        const { res, correlationId } = await sendCorrelated(ctx, { command: 'svc.entity/update', args: { type: n.items, entity: { 'svc/id': id, [n.title]: 'retried' } } }, 'an update');
        const statuses = () => receiver.on(hook.path).map((a) => a.status).join(', ') || 'none';
        if (!(await receiver.waitFor(() => receiver.on(hook.path).length > 0, { what: `the first attempt of a delivery to webhook ${hook.id}` }))) {
          fail(`no attempt of the delivery with command.correlationId ${correlationId} arrived at webhook ${hook.id} (${hook.type}) within ${seconds(deliveryWaitMs())}`, res);
        }
        const retried = await receiver.waitFor(() => receiver.on(hook.path).length > 1, { what: `a second attempt of the delivery to webhook ${hook.id}`, timeoutMs: retryWaitMs() });
        if (!retried) {
          // Without retries the one attempt must still be a run (WH-025).
          await pollRecord(ctx, hook, 'the failed attempt among its runs', (r) => Array.isArray(r['runs']) && r['runs'].length >= 1);
          throw new CheckUnsupported(['retries of failed deliveries'], `the delivery answered 500 was not tried again within ${seconds(retryWaitMs())}`);
        }
        const arrived = await receiver.waitFor(() => receiver.on(hook.path).some((r) => r.status === 200), { what: `the third attempt of the delivery to webhook ${hook.id}`, timeoutMs: retryWaitMs() });
        const attempts = receiver.on(hook.path);
        if (!arrived) fail(`the delivery was tried again after the first answer 500, but not until it succeeded: after answers 500 and 300 no further attempt within ${seconds(retryWaitMs())} (attempts: ${statuses()})`, res);
        if (attempts.length !== 3 || attempts.map((a) => a.status).join() !== '500,300,200') {
          fail(`expected three attempts answered 500, 300, 200; got ${statuses()}`, res);
        }
        const ids = new Set(attempts.map((a) => a.headers['webhook-id']));
        if (ids.size !== 1 || ids.has(undefined as unknown as string)) fail(`every attempt of one delivery should carry the same webhook-id header; got ${JSON.stringify(attempts.map((a) => a.headers['webhook-id']))}`, res);
        if (new Set(attempts.map((a) => a.body)).size !== 1) fail('every attempt of one delivery should carry the same body', res);

        const { record, res: listed } = await pollRecord(ctx, hook, 'the three attempts among its runs', (r) => Array.isArray(r['runs']) && r['runs'].length >= 3);
        const runs = Array.isArray(record['runs']) ? record['runs'] : [];
        if (runs.length !== 3) fail(`after three attempts the webhook lists ${runs.length} runs, expected 3: ${JSON.stringify(runs)}`, listed);
        for (const run of runs) {
          if (!isRecord(run) || typeof run['http_status'] !== 'string' || typeof run['elapsed_time'] !== 'string' || !/^\d+$/.test(run['elapsed_time']) || typeof run['request_time'] !== 'string' || !TIMESTAMP.test(run['request_time'])) {
            fail(`a run is not {http_status: string, elapsed_time: string of milliseconds, request_time: timestamp}: ${JSON.stringify(run)}`, listed);
          }
        }
        const runStatuses = runs.map((r) => (isRecord(r) ? r['http_status'] : undefined));
        if (runStatuses.join() !== '200,300,500') fail(`the runs should be, newest first, "200", "300", "500"; got ${JSON.stringify(runStatuses)}`, listed);
      });
    });
  },
});
