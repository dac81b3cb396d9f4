import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { expectKeys, expectUnchanged } from './expect-entities.js';
import { lastResponse, withIntegration } from './integration.js';
import { plainScenario } from './scenarios.js';

export default defineCheck({
  id: 'sync.delta-remove',
  name:
    'A delta row with __syncAction REMOVE deletes its Entity and nothing else (the other Entities stay as they were); a REMOVE of a key never synchronized is harmless',
  level: 'MUST',
  area: 'sync',
  requirements: ['SYNC-001', 'SYNC-002', 'MAP-052'],
  target: 'server',
  async run(ctx) {
    await withIntegration(ctx, plainScenario(4), {}, async (it) => {
      const before = await it.byKey('thing');
      expectKeys(before, ['t1', 't2', 't3', 't4'], 'after the first sync', lastResponse(ctx));
      // t9 is created and deleted between two syncs: the delta carries a REMOVE of a key the service never saw.
      it.app.change({ thing: { create: [{ id: 't9', name: 'Short-lived', size: 9 }] } });
      it.app.change({ thing: { delete: ['t2', 't9'] } });
      const run = await it.sync('a delta sync after t2 was deleted in the app');
      const after = await it.byKey('thing');
      expectKeys(after, ['t1', 't3', 't4'], 'SYNC-001 after a delta with {id: "t2", __syncAction: "REMOVE"}', lastResponse(ctx));
      expectUnchanged(before, after, ['t1', 't3', 't4'], 'SYNC-002 the rows a delta does not deliver stay', lastResponse(ctx));
      if (run.stats.removed !== 1) fail(`SYNC-001: the run reports ${run.stats.removed} removed Entities, expected 1 (t2; t9 was never synchronized)`, lastResponse(ctx));
    });
  },
});
