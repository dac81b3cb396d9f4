import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { syncFails } from './admin.js';
import { expectAppFailed, expectClearError, expectRecovers } from './failed-run.js';
import { lastResponse, withIntegration } from './integration.js';
import { plainScenario } from './scenarios.js';

/** Rows in the page: more than the 10,000 rows a page may hold (spec/integrations.md, "Bounds"). */
const ROWS = 12_000;

export default defineCheck({
  id: 'sync.huge-page',
  name: 'A data page with more rows than a page may hold (12,000 > 10,000) fails the run with a clear error (integration.error/app-failed, data.operation "data", the message naming the type), applies none of them, and the server keeps answering',
  level: 'SHOULD',
  area: 'http',
  requirements: ['HTTP-004', 'SYNC-023'],
  target: 'server',
  async run(ctx) {
    await withIntegration(ctx, plainScenario(2), { sync: false }, async (it) => {
      it.app.fail({ endpoint: 'data', type: 'thing', kind: 'hugePage', rows: ROWS });
      const { run, res: runRes } = await syncFails(ctx, it.source.id, `a sync whose data page holds ${ROWS} rows`);
      expectAppFailed(expectClearError(run, 'HTTP-004 a page over the row limit', runRes), 'data', 'HTTP-004 the run over the row limit', runRes);
      const held = (await it.byKey('thing')).size;
      if (held !== 0) fail(`HTTP-004: the page over the limit should not be applied, yet the Database holds ${held} Entities`, lastResponse(ctx));
      await expectRecovers(ctx, it, run, 'after the run with the huge page');
    });
  },
});
