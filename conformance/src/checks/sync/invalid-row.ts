import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { syncFails } from './admin.js';
import { expectKeys } from './expect-entities.js';
import { expectClearError, expectRecovers } from './failed-run.js';
import { lastResponse, withIntegration } from './integration.js';
import { oneTypeScenario } from './scenarios.js';

const ROWS = Array.from({ length: 4 }, (_, i) => ({ id: `t${i + 1}`, name: `Thing ${i + 1}`, size: i + 1 }));
const SCENARIO = oneTypeScenario('Four rows over two pages.', { size: { name: 'Size', type: 'number' } }, ROWS, {}, { pageSize: 2 });

export default defineCheck({
  id: 'sync.invalid-row',
  name:
    'A row with a value that cannot be converted (text in a number field) fails the run with integration.error/row-invalid naming the type, the row key and the field; ' +
    'the page it is on is not applied, earlier pages are',
  level: 'SHOULD',
  area: 'sync',
  requirements: ['SYNC-011'],
  target: 'server',
  async run(ctx) {
    await withIntegration(ctx, SCENARIO, { sync: false }, async (it) => {
      it.app.fail({ endpoint: 'data', type: 'thing', page: 1, kind: 'invalidRow', row: { id: 'bad-row', name: 'Bad', size: 'not a number' } });
      const { run, res: runRes } = await syncFails(ctx, it.source.id, 'a sync whose second page holds the row {id: "bad-row", size: "not a number"}');
      const error = expectClearError(run, 'the invalid row', runRes);
      const text = `${error.message} ${JSON.stringify(error.data ?? {})}`;
      const unnamed = ['thing', 'bad-row', 'size'].filter((part) => !text.includes(part));
      if (error.name !== 'integration.error/row-invalid' || unnamed.length > 0) {
        fail(`the run's error should be integration.error/row-invalid naming the type "thing", the row "bad-row" and the field "size"; it is ${JSON.stringify(error)}${unnamed.length > 0 ? ` (it does not name ${unnamed.join(', ')})` : ''}`, lastResponse(ctx));
      }
      expectKeys(await it.byKey('thing'), ['t1', 't2'], 'the page with the invalid row (t3, t4, bad-row) is not applied; the first page is', lastResponse(ctx));
      await expectRecovers(ctx, it, run, 'after the run with the invalid row');
      expectKeys(await it.byKey('thing'), ['t1', 't2', 't3', 't4'], 'the next sync, without the invalid row', lastResponse(ctx));
    });
  },
});
