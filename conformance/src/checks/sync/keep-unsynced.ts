import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { patchSource } from './admin.js';
import { expectKeys } from './expect-entities.js';
import { lastResponse, withIntegration } from './integration.js';
import { plainScenario } from './scenarios.js';

export default defineCheck({
  id: 'sync.keep-unsynced',
  name: 'With the keep-unsynced option on (PATCH keepUnsynced true) a full sync keeps the Entities it did not deliver; turned off again, the next full sync removes them',
  level: 'SHOULD',
  area: 'sync',
  requirements: ['SYNC-009', 'SYNC-008'],
  target: 'server',
  async run(ctx) {
    await withIntegration(ctx, plainScenario(3, false), {}, async (it) => {
      const kept = await patchSource(ctx, it.source.id, { keepUnsynced: true });
      if (kept.keepUnsynced !== true) fail(`SYNC-009: after PATCH {keepUnsynced: true} the source shows keepUnsynced ${JSON.stringify(kept.keepUnsynced)}`, lastResponse(ctx));
      it.app.change({ thing: { delete: ['t2'] } });
      const run = await it.sync('a full sync with keepUnsynced on, after t2 was deleted in the app');
      expectKeys(await it.byKey('thing'), ['t1', 't2', 't3'], 'SYNC-009 a full sync with keepUnsynced on keeps undelivered data', lastResponse(ctx));
      if (run.stats.removed !== 0) fail(`SYNC-009: the run with keepUnsynced on reports ${run.stats.removed} removed Entities`, lastResponse(ctx));
      await patchSource(ctx, it.source.id, { keepUnsynced: false });
      await it.sync('a full sync with keepUnsynced off again');
      expectKeys(await it.byKey('thing'), ['t1', 't3'], 'SYNC-008 with keepUnsynced off the next full sync removes undelivered data', lastResponse(ctx));
    });
  },
});
