import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { deliveryWaitMs, seconds } from '../../receiver.js';
import { isRecord } from '../../shapes.js';
import { withTestWorkspace } from '../../workspace.js';
import { createItem, pollRecord, runProblems, sendCorrelated, withHooks } from './support.js';

/** How far the server's clock may be from the suite's when it stamps request_time. */
const CLOCK_SKEW_MS = 60_000;

export default defineCheck({
  id: 'webhooks.runs',
  name:
    "Each delivery attempt appears in the webhook's runs, newest first, as {http_status, elapsed_time, request_time} strings: the status the receiver answered " +
    '(200, 299, and 500 for an attempt it refused), the milliseconds it took (no more than the check has run), and when it was made; a delivery answered 2xx does not come again',
  level: 'MUST',
  area: 'webhooks',
  requirements: ['WH-025', 'WH-007', 'WH-009', 'WH-031'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const id = await createItem(ctx, n);
      await withHooks(ctx, [n.items], async ([hook], receiver) => {
        if (!hook) return;
        receiver.answerNext([200, 299, 500]);
        const started = Date.now();
        const sent = [];
        for (const title of ['first', 'second', 'third']) {
          sent.push(await sendCorrelated(ctx, { command: 'svc.entity/update', args: { type: n.items, entity: { 'svc/id': id, [n.title]: title } } }, `an update of the title to "${title}"`));
        }
        const third = sent[2]?.correlationId ?? '';
        const arrived = () => receiver.on(hook.path).some((r) => isRecord(r.json) && isRecord(r.json['command']) && r.json['command']['correlationId'] === third);
        if (!(await receiver.waitFor(arrived, { what: `an attempt of the delivery with command.correlationId ${third}` }))) {
          fail(`no attempt of the delivery with command.correlationId ${third} arrived at webhook ${hook.id} (${hook.type}) within ${seconds(deliveryWaitMs())}`, sent[2]?.res);
        }
        // Retries of the refused attempt may come meanwhile: the runs, oldest first, are the attempts the receiver answered, in order.
        const { record, res } = await pollRecord(ctx, hook, 'three runs', (r) => Array.isArray(r['runs']) && r['runs'].length >= 3);
        const runs = Array.isArray(record['runs']) ? record['runs'] : [];
        const attempts = receiver.on(hook.path);
        for (const run of runs) {
          const problems = runProblems(run);
          if (problems.length > 0) fail(`a run is not {http_status: string, elapsed_time: string of milliseconds, request_time: timestamp}: ${JSON.stringify(run)}: ${problems.join('; ')}`, res);
        }
        const oldestFirst = [...runs].reverse() as Array<Record<string, string>>;
        const answered = attempts.map((a) => String(a.status));
        const shown = oldestFirst.map((r) => r['http_status']);
        if (shown.length > answered.length || shown.some((status, i) => status !== answered[i])) {
          fail(`the runs, oldest first, show the statuses ${JSON.stringify(shown)}; the receiver answered ${JSON.stringify(answered)} to the attempts it got`, res);
        }
        // A delivery the receiver acknowledged (200, 299) is done: it does not come again.
        const acknowledged = new Map<string, number>();
        for (const attempt of receiver.on(hook.path)) {
          const id = attempt.headers['webhook-id'] ?? `#${attempt.index}`;
          const answered = acknowledged.get(id);
          if (answered !== undefined) fail(`the delivery ${id} came again after the receiver answered it ${answered}: only a failed attempt is tried again`, res);
          if (attempt.status >= 200 && attempt.status < 300) acknowledged.set(id, attempt.status);
        }
        for (const [i, run] of oldestFirst.entries()) {
          const at = Date.parse(run['request_time'] ?? '');
          const came = attempts[i]?.receivedAt ?? Date.now();
          if (at < started - CLOCK_SKEW_MS || at > came + CLOCK_SKEW_MS) {
            fail(`run ${i + 1} (oldest first) has request_time ${run['request_time']}, but the attempt was made between ${new Date(started).toISOString()} and ${new Date(came).toISOString()}`, res);
          }
          if (i > 0 && at < Date.parse(oldestFirst[i - 1]?.['request_time'] ?? '')) fail(`the runs are not newest first: ${JSON.stringify(runs)}`, res);
          // An attempt cannot take longer than the check has been running.
          const took = Number(run['elapsed_time']);
          if (took > Date.now() - started) fail(`run ${i + 1} (oldest first) took ${run['elapsed_time']} ms by its elapsed_time, longer than the ${Date.now() - started} ms since the first update was sent`, res);
        }
      });
    });
  },
});
