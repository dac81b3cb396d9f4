import { isDeepStrictEqual } from 'node:util';
import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { expectKeys } from './expect-entities.js';
import { lastResponse, withIntegration } from './integration.js';
import { APP_PATHS, bodyOf, requestsTo } from './mock.js';
import { oneTypeScenario } from './scenarios.js';
import { watchRun } from './watch-run.js';

const ROWS = Array.from({ length: 5 }, (_, i) => ({ id: `t${i + 1}`, name: `Thing ${i + 1}` }));
const SCENARIO = oneTypeScenario('Five rows over three pages.', {}, ROWS, {}, { pageSize: 2 });
/** How long the app takes over the third page: the run is seen "running" again after the wait. */
const SLOW_PAGE_MS = 1_500;

export default defineCheck({
  id: 'sync.try-later',
  name:
    'A data page answered with {message, tryLater: true} is asked again later (same pagination) until it is answered; while the run waits it reads status "retrying" (finishedAt null), ' +
    'the tryLater answers so far in "attempts", the next attempt in "nextAttemptAt" (after the run started) and the counts of the pages applied before it; once answered the run ' +
    'reads "running" with nextAttemptAt null, and it succeeds with every row, counting the tryLater answers in "attempts"',
  level: 'MUST',
  area: 'app',
  requirements: ['APP-ERR-005', 'SYNC-010', 'SYNC-014', 'SYNC-018'],
  target: 'server',
  async run(ctx) {
    await withIntegration(ctx, SCENARIO, { sync: false }, async (it) => {
      it.app.fail({ endpoint: 'data', type: 'thing', page: 1, kind: 'tryLater', times: 2, message: 'Rate limit reached (conformance), try later.' });
      it.app.fail({ endpoint: 'data', type: 'thing', page: 2, kind: 'slow', delayMs: SLOW_PAGE_MS });
      const { run, seen, res } = await watchRun(ctx, it.source.id, 'a sync whose second page is answered tryLater twice and whose third page takes 1.5 s');
      if (run.status !== 'succeeded') fail(`APP-ERR-005: the run ${run.id} ended "${run.status}"${run.error ? ` with ${run.error.name}: ${run.error.message}` : ''}; a page answered tryLater is asked again, and the run succeeds once it is answered`, res);
      if (run.attempts !== 2) fail(`APP-ERR-005: the run received 2 tryLater answers; it reports attempts ${run.attempts}`, res);
      if (run.nextAttemptAt !== null) fail(`SYNC-014: the ended run ${run.id} still reads nextAttemptAt ${JSON.stringify(run.nextAttemptAt)}; it is null once the run no longer waits`, res);
      const stats = { pages: run.stats.pages, rows: run.stats.rows, created: run.stats.created };
      if (!isDeepStrictEqual(stats, { pages: 3, rows: 5, created: 5 })) fail(`SYNC-014: the ended run reports ${JSON.stringify(stats)}, expected {pages: 3, rows: 5, created: 5} (five rows over three pages)`, res);

      for (const r of seen) {
        if ((r.status === 'running' || r.status === 'retrying') && r.finishedAt !== null) fail(`SYNC-014: the run read with status "${r.status}" has finishedAt ${JSON.stringify(r.finishedAt)}; it is null until the run ends`, res);
      }
      const waiting = seen.filter((r) => r.status === 'retrying');
      const statuses = [...new Set(seen.map((r) => r.status))].join(', ');
      if (waiting.length === 0) fail(`SYNC-014: while the run waited about 3 s to ask the second page again it was never read with status "retrying" (statuses seen: ${statuses})`, res);
      const started = Date.parse(run.startedAt);
      for (const r of waiting) {
        const next = r.nextAttemptAt === null ? Number.NaN : Date.parse(r.nextAttemptAt);
        if (!(next > started)) fail(`SYNC-014: the waiting run reads nextAttemptAt ${JSON.stringify(r.nextAttemptAt)}; expected the time of the next attempt, after the run started (${run.startedAt})`, res);
        if (r.attempts !== 1 && r.attempts !== 2) fail(`SYNC-014: the waiting run reads attempts ${r.attempts}; it had received 1 or 2 tryLater answers`, res);
        const at = { pages: r.stats.pages, rows: r.stats.rows, created: r.stats.created };
        if (!isDeepStrictEqual(at, { pages: 1, rows: 2, created: 2 })) fail(`SYNC-014: while it waited to ask the second page again, the run reads ${JSON.stringify(at)}; the first page (2 rows) was applied: expected {pages: 1, rows: 2, created: 2}`, res);
      }
      const resumed = seen.slice(seen.indexOf(waiting[waiting.length - 1]!) + 1).filter((r) => r.status === 'running');
      if (resumed.length === 0) fail(`SYNC-014: after the second page was answered the run took 1.5 s over the third, yet it was never read with status "running" again (statuses seen: ${statuses})`, res);
      for (const r of resumed) {
        if (r.nextAttemptAt !== null) fail(`SYNC-014: the run asking pages again reads nextAttemptAt ${JSON.stringify(r.nextAttemptAt)}; it is null when the run does not wait`, res);
      }

      const second = requestsTo(it.app, APP_PATHS.data).filter((r) => isDeepStrictEqual(bodyOf(r, 'a data request')['pagination'], { offset: 2 }));
      if (second.length !== 3) fail(`APP-ERR-005: the page answered tryLater twice should be asked 3 times with the same pagination {offset: 2}; it was asked ${second.length} times`, lastResponse(ctx));
      expectKeys(await it.byKey('thing'), ROWS.map((r) => r.id), 'APP-ERR-005 after the retried page was answered', lastResponse(ctx));
    });
  },
});
