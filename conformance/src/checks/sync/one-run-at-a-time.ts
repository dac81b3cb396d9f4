import { isDeepStrictEqual } from 'node:util';
import { expectJson, expectStatus, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { expectAdminError, expectMessageNames, expectRun, INTEGRATIONS, listRuns, startSyncRaw } from './admin.js';
import { lastResponse, withIntegration } from './integration.js';
import { oneTypeScenario } from './scenarios.js';
import { watchRunOf } from './watch-run.js';

const ROWS = [{ id: 't1', name: 'Thing 1' }];
const SCENARIO = oneTypeScenario('One row on one page.', {}, ROWS);
/** How long the app takes over the page: the second start comes while the first run runs. */
const SLOW_PAGE_MS = 2_000;
/** tryLater answers of the page of the run started with wait=true (about 3 s of waiting to retry). */
const RETRIES = 2;
/** A run id no server has handed out. */
const UNKNOWN_RUN = 2_000_000_000;

export default defineCheck({
  id: 'sync.one-run-at-a-time',
  name:
    'A source runs one sync at a time: a start while its run is running (or waiting to retry) is answered 409 integration.error/sync-running with data {id: <source id>} and starts no run; ' +
    'once the run ended the next start runs (with wait=true answered 200 with the ended run, also when it waited to retry a tryLater answer in between); a run started through the API has trigger "manual"; the errors carry a message naming the source or run id; an unknown run id is answered 404 integration.error/sync-not-found with data {id}',
  level: 'MUST',
  area: 'sync',
  requirements: ['SYNC-016', 'SYNC-026'],
  target: 'server',
  async run(ctx) {
    await withIntegration(ctx, SCENARIO, { sync: false }, async (it) => {
      it.app.fail({ endpoint: 'data', type: 'thing', page: 0, kind: 'slow', delayMs: SLOW_PAGE_MS });
      const start = await startSyncRaw(ctx, it.source.id, false);
      expectStatus(start, [200, 202], 'starting a sync whose app takes 2 s over its page');
      const first = expectRun(start, expectJson(start, 'the started run'), 'the started run');
      if (first.trigger !== 'manual') fail(`SYNC-016: a run started through the API reads trigger ${JSON.stringify(first.trigger)}, expected "manual"`, start);

      const again = await startSyncRaw(ctx, it.source.id, false);
      const what = `SYNC-016 a second start of source ${it.source.id} while its run ${first.id} runs`;
      expectStatus(again, 409, what);
      const error = expectAdminError(again, what);
      if (error.name !== 'integration.error/sync-running' || !isRecord(error.data) || !isDeepStrictEqual(error.data, { id: it.source.id })) {
        fail(`${what}: answered ${JSON.stringify(error)}, expected integration.error/sync-running with data {id: "${it.source.id}"}`, again);
      }
      expectMessageNames(error, it.source.id, 'the source id', what, again);

      const { run } = await watchRunOf(ctx, first, 'the first run', start);
      if (run.status !== 'succeeded') fail(`SYNC-016: the run ${run.id} ended "${run.status}"; the refused second start should not disturb it`, lastResponse(ctx));
      const { runs, res } = await listRuns(ctx, it.source.id);
      if (runs.length !== 1 || runs[0]?.id !== first.id) fail(`SYNC-016: the refused start should start no run; the history holds ${JSON.stringify(runs.map((r) => r.id))}, expected only run ${first.id}`, res);
      // With wait=true the answer comes when the run has ended: 200 and the ended run (this one takes well under the 120 s bound),
      // also when the run waits to ask a page again in between (a run reading "retrying" has not ended).
      it.app.fail({ endpoint: 'data', type: 'thing', page: 0, kind: 'tryLater', times: RETRIES, message: 'Rate limit reached (conformance), try later.' });
      const next = await startSyncRaw(ctx, it.source.id, true);
      const nextWhat = `SYNC-026 a start with wait=true after the run ended, whose page is answered tryLater ${RETRIES} times before its rows`;
      expectStatus(next, 200, nextWhat);
      const waited = expectRun(next, expectJson(next, nextWhat), nextWhat);
      if (waited.status !== 'succeeded' || waited.finishedAt === null) fail(`${nextWhat}: answered the run with status ${waited.status} and finishedAt ${JSON.stringify(waited.finishedAt)}, expected the ended, succeeded run`, next);
      if (waited.attempts !== RETRIES) fail(`${nextWhat}: answered the run with attempts ${waited.attempts}, expected ${RETRIES} (the tryLater answers it waited through)`, next);

      const unknown = await ctx.http.get(`${INTEGRATIONS}/syncs/${UNKNOWN_RUN}`);
      const unknownWhat = `SYNC-016 reading the unknown sync run ${UNKNOWN_RUN}`;
      expectStatus(unknown, 404, unknownWhat);
      const notFound = expectAdminError(unknown, unknownWhat);
      if (notFound.name !== 'integration.error/sync-not-found' || !isRecord(notFound.data) || !isDeepStrictEqual(notFound.data, { id: UNKNOWN_RUN })) {
        fail(`${unknownWhat}: answered ${JSON.stringify(notFound)}, expected integration.error/sync-not-found with data {id: ${UNKNOWN_RUN}}`, unknown);
      }
      expectMessageNames(notFound, String(UNKNOWN_RUN), 'the run id asked', unknownWhat, unknown);
    });
  },
});
