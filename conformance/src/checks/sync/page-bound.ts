import { expectJson, expectStatus, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { describeRun, ended, expectRun, getRun, startSyncRaw, type ErrorBody, type SyncRun } from './admin.js';
import { expectAppFailed, expectClearError, expectRecovers } from './failed-run.js';
import { lastResponse, withIntegration } from './integration.js';
import { APP_PATHS, requestsTo } from './mock.js';
import { plainScenario } from './scenarios.js';
import { waitFor } from './wait.js';

/** Data pages a run asks of one type at most (spec/integrations.md, "Bounds"). */
const MAX_PAGES = 10_000;
/** How long the run of 10,000 empty pages may take (a server that takes longer has not ended it, which fails the check too). */
const RUN_BOUND_MS = 10 * 60_000;

export default defineCheck({
  id: 'sync.page-bound',
  name:
    'An app that answers hasNext true with a new nextPageConfig every time (empty pages that move on, without end) is asked exactly 10,000 pages of the type, no more: ' +
    'the run then fails with a clear error (integration.error/app-failed, data.operation "data", the message naming the type), counts the 10,000 pages it applied, and the server keeps answering and syncing the source',
  level: 'SHOULD',
  area: 'sync',
  requirements: ['SYNC-023', 'SYNC-010', 'SYNC-018', 'HTTP-004'],
  target: 'server',
  // Ten thousand round trips to the app in one run.
  cost: 'slow',
  async run(ctx) {
    await withIntegration(ctx, plainScenario(2), { sync: false }, async (it) => {
      it.app.fail({ endpoint: 'data', type: 'thing', kind: 'endlessPages' });
      const asked = () => requestsTo(it.app, APP_PATHS.data).length;
      const start = await startSyncRaw(ctx, it.source.id, false);
      const what = `SYNC-023 a sync of an app whose data pages of type "thing" never end (each empty, with hasNext true and a new nextPageConfig)`;
      expectStatus(start, [200, 202], what);
      const first = expectRun(start, expectJson(start, what), what);
      // Polls the run, and stops looking (and the app's endless pages) as soon as the server asked more pages than the bound.
      const outcome = await waitFor<{ run?: SyncRun; over?: number }>(
        ctx,
        `${what}: the end of run ${first.id}`,
        async () => {
          const over = asked();
          if (over > MAX_PAGES) return { value: { over }, seen: `${over} pages asked` };
          const read = await getRun(ctx, first.id);
          return { value: ended(read.run) ? { run: read.run } : undefined, seen: `${describeRun(read.run)}; ${asked()} pages asked so far`, res: read.res };
        },
        { boundMs: RUN_BOUND_MS, stepMs: 500 },
      );
      if (outcome.over !== undefined) {
        it.app.clearFailures();
        fail(`${what}: the server asked ${outcome.over} pages of type "thing" and goes on; a run asks at most ${MAX_PAGES} pages of a type, then fails`, lastResponse(ctx));
      }
      const run = outcome.run as SyncRun;
      const res = lastResponse(ctx);
      const pages = asked();
      if (run.status !== 'failed' || !isRecord(run.error)) fail(`${what}: the run ${run.id} ended "${run.status}" after ${pages} pages; it should fail once ${MAX_PAGES} pages did not end the type`, res);
      if (pages !== MAX_PAGES) fail(`${what}: the server asked ${pages} pages before the run failed; it should follow hasNext up to ${MAX_PAGES} pages of a type (SYNC-010), and no further (SYNC-023)`, res);
      const failed = run as SyncRun & { error: ErrorBody };
      const error = expectClearError(failed, what, res);
      expectAppFailed(error, 'data', what, res);
      if (!error.message.includes('thing')) fail(`${what}: the message ${JSON.stringify(error.message)} does not name the type "thing" whose pages do not end`, res);
      if (run.stats.pages !== MAX_PAGES || run.stats.rows !== 0) fail(`SYNC-018 ${what}: the failed run reports pages ${run.stats.pages} and rows ${run.stats.rows}, expected ${MAX_PAGES} (the empty pages it applied) and 0`, res);
      await expectRecovers(ctx, it, failed, 'after the run that reached the page bound');
    });
  },
});
