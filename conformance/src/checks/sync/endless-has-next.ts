import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { syncFails } from './admin.js';
import { expectClearError, expectRecovers } from './failed-run.js';
import { lastResponse, withIntegration } from './integration.js';
import { APP_PATHS, requestsTo } from './mock.js';
import { plainScenario } from './scenarios.js';

/** Pages a run may ask before it is taken to follow an app that never moves on. */
const MOST_PAGES = 20;

export default defineCheck({
  id: 'sync.endless-has-next',
  name: 'An app that answers hasNext true with the same nextPageConfig again and again does not keep a run going: the run fails with a clear error after a few pages and the server keeps answering',
  level: 'SHOULD',
  area: 'sync',
  requirements: ['SYNC-010', 'HTTP-004'],
  target: 'server',
  async run(ctx) {
    await withIntegration(ctx, plainScenario(2), { sync: false }, async (it) => {
      it.app.fail({ endpoint: 'data', type: 'thing', kind: 'endlessHasNext', times: -1 });
      const { run, res: runRes } = await syncFails(ctx, it.source.id, 'a sync of an app that always answers hasNext with the same nextPageConfig');
      expectClearError(run, 'an app that never moves on', runRes);
      const asked = requestsTo(it.app, APP_PATHS.data).length;
      if (asked > MOST_PAGES) fail(`the app answered the same nextPageConfig every time; the service asked ${asked} pages before giving up, expected it to notice within ${MOST_PAGES}`, lastResponse(ctx));
      await expectRecovers(ctx, it, run, 'after the endless run');
    });
  },
});
