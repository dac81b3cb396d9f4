import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { syncFails } from './admin.js';
import { expectClearError, expectRecovers } from './failed-run.js';
import { lastResponse, withIntegration } from './integration.js';
import { plainScenario } from './scenarios.js';

const MESSAGE = 'Quota of the external system exhausted (conformance, error field).';

export default defineCheck({
  id: 'sync.app-error-field',
  name: 'A data failure answered with {error} instead of {message} fails the run with that text in the run\'s error (apps that send {error} are read too)',
  level: 'SHOULD',
  area: 'app',
  requirements: ['APP-ERR-008'],
  target: 'server',
  async run(ctx) {
    await withIntegration(ctx, plainScenario(2), { sync: false }, async (it) => {
      it.app.fail({ endpoint: 'data', type: 'thing', kind: 'errorField', status: 503, message: MESSAGE });
      const { run, res: runRes } = await syncFails(ctx, it.source.id, 'a sync whose data request fails with 503 {error}');
      const error = expectClearError(run, 'APP-ERR-008', runRes);
      if (!error.message.includes(MESSAGE)) fail(`APP-ERR-008: the app answered {error: ${JSON.stringify(MESSAGE)}}; the run's error should carry that text, it is ${JSON.stringify(error)}`, lastResponse(ctx));
      if ((await it.byKey('thing')).size !== 0) fail('nothing was delivered before the failure, yet the Database holds Entities', lastResponse(ctx));
      await expectRecovers(ctx, it, run, 'after the failed run');
    });
  },
});
