import { isDeepStrictEqual } from 'node:util';
import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { getRun, listRuns } from './admin.js';
import { withIntegration } from './integration.js';
import { plainScenario } from './scenarios.js';

/** Runs of one source, one after another: more than a quarter of the 50 the history lists, fewer than the 50. */
const RUNS = 16;
/** The runs the history lists at most (spec/service.openapi.yaml, GET .../syncs). */
const HISTORY = 50;

export default defineCheck({
  id: 'sync.history',
  name: `A source's sync history lists its latest runs newest first, at most ${HISTORY}: after ${RUNS} runs of a source it lists all ${RUNS}, none left out or deleted, each as GET /api/integrations/syncs/<id> answers it`,
  level: 'MUST',
  area: 'sync',
  requirements: ['SYNC-025'],
  target: 'server',
  async run(ctx) {
    await withIntegration(ctx, plainScenario(1), { sync: false }, async (it) => {
      const made: number[] = [];
      for (let n = 1; n <= RUNS; n++) made.push((await it.sync(`SYNC-025 run ${n} of ${RUNS} of one source`)).id);
      const newestFirst = [...made].reverse();
      const { runs, res } = await listRuns(ctx, it.source.id);
      const listed = runs.map((r) => r.id);
      if (!isDeepStrictEqual(listed, newestFirst)) {
        const missing = newestFirst.filter((id) => !listed.includes(id));
        fail(
          `SYNC-025: after ${RUNS} runs of source ${it.source.id} its history lists runs ${JSON.stringify(listed)}; expected all ${RUNS}, newest first: ${JSON.stringify(newestFirst)}` +
            (missing.length > 0 ? ` (missing: ${JSON.stringify(missing)}; the latest ${HISTORY} are kept)` : ''),
          res,
        );
      }
      for (const listedRun of runs) {
        const { run, res: one } = await getRun(ctx, listedRun.id);
        if (!isDeepStrictEqual(run, listedRun)) fail(`SYNC-025: run ${listedRun.id} reads ${JSON.stringify(run)} alone but ${JSON.stringify(listedRun)} in the source's history`, one);
      }
    });
  },
});
