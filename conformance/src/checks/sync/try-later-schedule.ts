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
/** Added to the upper bound of a gap: the time a server takes between an answer and its next request. */
const LATE_MS = 800;
/**
 * Syncs measured at most. A busy server (or a busy machine running the suite) asks late, never
 * early: lateness only adds to a gap. So a gap too short fails at once, and the schedule holds
 * when one sync of these asks every time within its bounds; a server that waits too long fails
 * every one of them.
 */
const SYNCS = 4;

export default defineCheck({
  id: 'sync.try-later-schedule',
  name: 'A page answered tryLater is asked again after about 1 s, then after about 2 s (each within 20% of its step and a little later at most, in one of up to 4 syncs)',
  level: 'SHOULD',
  area: 'sync',
  requirements: ['SYNC-015'],
  target: 'server',
  async run(ctx) {
    await withIntegration(ctx, SCENARIO, { sync: false }, async (it) => {
      const late: string[] = [];
      for (let n = 1; n <= SYNCS; n += 1) {
        const before = requestsTo(it.app, APP_PATHS.data).length;
        it.app.fail({ endpoint: 'data', type: 'thing', page: 0, kind: 'tryLater', times: STEPS_MS.length, message: 'Busy (conformance), try later.' });
        const run = await it.sync(`sync ${n} of a source whose only page is answered tryLater twice`);
        const asked = requestsTo(it.app, APP_PATHS.data).slice(before).map((r) => r.at);
        if (asked.length !== STEPS_MS.length + 1) fail(`SYNC-015: the page answered tryLater ${STEPS_MS.length} times should be asked ${STEPS_MS.length + 1} times; it was asked ${asked.length} times (run ${run.id}, attempts ${run.attempts})`, lastResponse(ctx));
        const out: string[] = [];
        STEPS_MS.forEach((step, i) => {
          const gap = asked[i + 1]! - asked[i]!;
          const least = step * (1 - JITTER);
          const most = step * (1 + JITTER);
          if (gap < least) fail(`SYNC-015: after tryLater answer ${i + 1} the page was asked again ${gap} ms later (sync ${n}, run ${run.id}); expected about ${step} ms, at least ${least} ms`, lastResponse(ctx));
          if (gap > most + LATE_MS) out.push(`answer ${i + 1}: ${gap} ms, expected ${least} to ${most} ms`);
        });
        if (out.length === 0) return;
        late.push(`sync ${n} (run ${run.id}): ${out.join('; ')}`);
      }
      fail(`SYNC-015: in each of ${SYNCS} syncs the page answered tryLater was asked again later than its step allows (each within 20%, and at most ${LATE_MS} ms later for the time a request takes): ${late.join(' | ')}`, lastResponse(ctx));
    });
  },
});
