import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { syncFails } from './admin.js';
import { expectClearError, expectRecovers } from './failed-run.js';
import { lastResponse, withIntegration } from './integration.js';
import { plainScenario } from './scenarios.js';

export default defineCheck({
  id: 'sync.garbage-answer',
  name: 'A data answer that is not JSON (200 with an HTML fragment) fails the run with a clear error and no internals; the server keeps answering and the next sync succeeds',
  level: 'SHOULD',
  area: 'http',
  requirements: ['HTTP-004'],
  target: 'server',
  async run(ctx) {
    await withIntegration(ctx, plainScenario(2), { sync: false }, async (it) => {
      it.app.fail({ endpoint: 'data', type: 'thing', kind: 'garbage' });
      const { run, res: runRes } = await syncFails(ctx, it.source.id, 'a sync whose data answer is not JSON');
      expectClearError(run, 'HTTP-004 an answer that is not JSON', runRes);
      if ((await it.byKey('thing')).size !== 0) fail('HTTP-004: nothing valid was delivered, yet the Database holds Entities', lastResponse(ctx));
      await expectRecovers(ctx, it, run, 'after the run that got garbage');
    });
  },
});
