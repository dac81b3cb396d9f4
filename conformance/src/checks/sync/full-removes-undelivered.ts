import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { expectKeys, expectUnchanged } from './expect-entities.js';
import { lastResponse, withIntegration } from './integration.js';
import { plainScenario } from './scenarios.js';

export default defineCheck({
  id: 'sync.full-removes-undelivered',
  name: 'A full sync (an app without delta) removes the Entities whose rows it did not deliver, and only those; delivered rows are updated',
  level: 'MUST',
  area: 'sync',
  requirements: ['SYNC-008', 'SYNC-011'],
  target: 'server',
  async run(ctx) {
    await withIntegration(ctx, plainScenario(4, false), {}, async (it) => {
      const before = await it.byKey('thing');
      expectKeys(before, ['t1', 't2', 't3', 't4'], 'after the first sync', lastResponse(ctx));
      it.app.change({ thing: { delete: ['t2'], update: [{ id: 't3', size: 33 }] } });
      const run = await it.sync('a full sync after t2 was deleted and t3 changed in the app');
      const after = await it.byKey('thing');
      expectKeys(after, ['t1', 't3', 't4'], 'SYNC-008 a full sync removes what it did not deliver', lastResponse(ctx));
      if (after.get('t3')?.[it.field('Size')] !== 33) fail(`SYNC-011: t3 was delivered with size 33; its Entity holds ${JSON.stringify(after.get('t3')?.[it.field('Size')])}`, lastResponse(ctx));
      if (after.get('t3')?.['svc/id'] !== before.get('t3')?.['svc/id']) fail('SYNC-011: the delivered row t3 became a new Entity; a row updates its Entity', lastResponse(ctx));
      expectUnchanged(before, after, ['t1', 't4'], 'SYNC-008 only data not delivered is removed; unchanged rows keep their Entities', lastResponse(ctx));
      if (run.stats.removed !== 1 || run.stats.updated !== 1 || run.stats.created !== 0) {
        fail(`SYNC-008: the run reports removed ${run.stats.removed}, updated ${run.stats.updated} and created ${run.stats.created}, expected 1 (t2), 1 (t3; t1 and t4 came unchanged) and 0`, lastResponse(ctx));
      }
    });
  },
});
