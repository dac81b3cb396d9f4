import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { getSource, syncFails } from './admin.js';
import { expectClearError, expectRecovers } from './failed-run.js';
import { lastResponse, withIntegration } from './integration.js';
import { oneTypeScenario } from './scenarios.js';

const ROWS = Array.from({ length: 5 }, (_, i) => ({ id: `t${i + 1}`, name: `Thing ${i + 1}`, size: i + 1 }));
const SCENARIO = oneTypeScenario('Five rows over three pages.', { size: { name: 'Size', type: 'number' } }, ROWS, {}, { pageSize: 2 });
const MESSAGE = 'The external system is down for maintenance (conformance).';

export default defineCheck({
  id: 'sync.app-error',
  name:
    'A data page answered with an error status and {message} fails the run at once with the app\'s message in the run\'s error; the pages before it stay applied, nothing of it or later pages is, ' +
    'the last successful sync time does not move, and the next sync applies everything',
  level: 'SHOULD',
  area: 'app',
  requirements: ['APP-ERR-008'],
  target: 'server',
  async run(ctx) {
    await withIntegration(ctx, SCENARIO, {}, async (it) => {
      const { lastSynchronizedAt } = await getSource(ctx, it.source.id);
      it.app.change({ thing: { update: ROWS.map((r) => ({ id: r.id, size: r.size * 100 })) } });
      it.app.fail({ endpoint: 'data', type: 'thing', page: 1, kind: 'error', status: 500, message: MESSAGE });
      const { run, res: runRes } = await syncFails(ctx, it.source.id, 'a sync whose second page fails with 500 {message}');
      const error = expectClearError(run, 'APP-ERR-008', runRes);
      if (!error.message.includes(MESSAGE)) fail(`APP-ERR-008: the run's error should carry the app's message ${JSON.stringify(MESSAGE)}; it is ${JSON.stringify(error)}`, lastResponse(ctx));
      if (run.attempts !== 0) fail(`an error without tryLater is not retried; the run reports attempts ${run.attempts}`, lastResponse(ctx));
      const sizes = await it.byKey('thing');
      const size = (key: string) => sizes.get(key)?.[it.field('Size')];
      const applied = ['t1', 't2'].filter((k) => size(k) !== Number(k.slice(1)) * 100);
      if (applied.length > 0) fail(`the page before the failed one stays applied, yet ${applied.join(', ')} did not get its new size: ${JSON.stringify(Object.fromEntries([...sizes].map(([k, e]) => [k, e[it.field('Size')]])))}`, lastResponse(ctx));
      const leaked = ['t3', 't4', 't5'].filter((k) => size(k) !== Number(k.slice(1)));
      if (leaked.length > 0) fail(`nothing of the failed page (t3, t4) nor of later pages (t5) is applied, yet ${leaked.join(', ')} changed: ${JSON.stringify(Object.fromEntries([...sizes].map(([k, e]) => [k, e[it.field('Size')]])))}`, lastResponse(ctx));
      const after = await getSource(ctx, it.source.id);
      if (after.lastSynchronizedAt !== lastSynchronizedAt) fail(`a failed run is not a successful synchronization, yet the source's lastSynchronizedAt moved from ${lastSynchronizedAt} to ${after.lastSynchronizedAt}`, lastResponse(ctx));
      await expectRecovers(ctx, it, run, 'after the failed run');
      const all = await it.byKey('thing');
      const stale = ROWS.filter((r) => all.get(r.id)?.[it.field('Size')] !== r.size * 100).map((r) => r.id);
      if (stale.length > 0) fail(`the sync after the failure should apply the changes of every page; ${stale.join(', ')} kept the old size`, lastResponse(ctx));
    });
  },
});
