import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { expectKeys, expectUnchanged } from './expect-entities.js';
import { lastResponse, withIntegration } from './integration.js';
import { plainScenario } from './scenarios.js';

export default defineCheck({
  id: 'sync.delta-applies-delivered',
  name:
    'A delta sync applies only the delivered rows: a SET row updates its Entity (same svc/id) or creates a new one, and every Entity not delivered stays exactly as it was ' +
    '(values and svc/modification-date)',
  level: 'MUST',
  area: 'sync',
  requirements: ['SYNC-002', 'SYNC-003', 'SYNC-011'],
  target: 'server',
  async run(ctx) {
    await withIntegration(ctx, plainScenario(4), {}, async (it) => {
      const before = await it.byKey('thing');
      expectKeys(before, ['t1', 't2', 't3', 't4'], 'after the first sync', lastResponse(ctx));
      it.app.change({ thing: { update: [{ id: 't1', name: 'Thing one, renamed', size: 100 }], create: [{ id: 't5', name: 'Thing 5', size: 5 }] } });
      const run = await it.sync('a delta sync after t1 changed and t5 was created');
      const after = await it.byKey('thing');
      expectKeys(after, ['t1', 't2', 't3', 't4', 't5'], 'SYNC-003 after the delta sync', lastResponse(ctx));
      const t1 = after.get('t1');
      if (t1?.['svc/id'] !== before.get('t1')?.['svc/id']) fail(`SYNC-003: the updated row t1 became another Entity (${String(before.get('t1')?.['svc/id'])} -> ${String(t1?.['svc/id'])}); a SET row updates its Entity`, lastResponse(ctx));
      if (t1?.[it.field('Name')] !== 'Thing one, renamed' || t1?.[it.field('Size')] !== 100) {
        fail(`SYNC-003: after the delta sync t1 holds Name ${JSON.stringify(t1?.[it.field('Name')])} and Size ${JSON.stringify(t1?.[it.field('Size')])}, expected "Thing one, renamed" and 100`, lastResponse(ctx));
      }
      const t5 = after.get('t5');
      if (t5?.[it.field('Name')] !== 'Thing 5' || t5?.[it.field('Size')] !== 5) fail(`SYNC-003: the created row t5 holds ${JSON.stringify(t5)}, expected Name "Thing 5" and Size 5`, lastResponse(ctx));
      expectUnchanged(before, after, ['t2', 't3', 't4'], 'SYNC-002 a delta sync applies only the delivered changes', lastResponse(ctx));
      if (run.stats.removed !== 0) fail(`SYNC-002: the delta run removed ${run.stats.removed} Entities; a delta removes only rows with __syncAction REMOVE`, lastResponse(ctx));
      if (run.stats.updated !== 1 || run.stats.created !== 1) fail(`SYNC-003: the delta run reports updated ${run.stats.updated} and created ${run.stats.created}, expected 1 (t1) and 1 (t5)`, lastResponse(ctx));
    });
  },
});
