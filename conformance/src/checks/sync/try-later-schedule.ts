import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { lastResponse, withIntegration } from './integration.js';
import { APP_PATHS, requestsTo } from './mock.js';
import { oneTypeScenario } from './scenarios.js';

const ROWS = [{ id: 't1', name: 'Thing 1' }];
const SCENARIO = oneTypeScenario('One row on one page.', {}, ROWS);

/** The steps of the schedule (spec/integrations.md, "Runs"): 1 s, then 2 s; each within 20%. */
const STEPS_MS = [1_000, 2_000] as const;
const JITTER = 0.2;
/** Added to the upper bound of a gap: the time the server takes between an answer and its next request, on a busy machine. */
const LATE_MS = 1_500;

export default defineCheck({
  id: 'sync.try-later-schedule',
  name: 'A page answered tryLater is asked again after about 1 s, then after about 2 s (each within 20% of its step, the app seeing the requests a little later at most)',
  level: 'SHOULD',
  area: 'sync',
  requirements: ['SYNC-015'],
  target: 'server',
  async run(ctx) {
    await withIntegration(ctx, SCENARIO, { sync: false }, async (it) => {
      it.app.fail({ endpoint: 'data', type: 'thing', page: 0, kind: 'tryLater', times: STEPS_MS.length, message: 'Busy (conformance), try later.' });
      const run = await it.sync('a sync whose only page is answered tryLater twice');
      const asked = requestsTo(it.app, APP_PATHS.data).map((r) => r.at);
      if (asked.length !== STEPS_MS.length + 1) fail(`SYNC-015: the page answered tryLater ${STEPS_MS.length} times should be asked ${STEPS_MS.length + 1} times; it was asked ${asked.length} times (run ${run.id}, attempts ${run.attempts})`, lastResponse(ctx));
      STEPS_MS.forEach((step, i) => {
        const gap = asked[i + 1]! - asked[i]!;
        const least = step * (1 - JITTER);
        const most = step * (1 + JITTER) + LATE_MS;
        if (gap < least || gap > most) {
          fail(`SYNC-015: after tryLater answer ${i + 1} the page was asked again ${gap} ms later; expected about ${step} ms (${Math.round(least)} to ${Math.round(step * (1 + JITTER))} ms, the request a little later at most)`, lastResponse(ctx));
        }
      });
    });
  },
});
