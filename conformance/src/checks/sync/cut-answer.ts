import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { getSource, syncFails } from './admin.js';
import { startCutFront, type CutFront } from './cut-front.js';
import { expectClearError } from './failed-run.js';
import { lastResponse, withIntegration } from './integration.js';
import { APP_PATHS } from './mock.js';
import { plainScenario } from './scenarios.js';

export default defineCheck({
  id: 'sync.cut-answer',
  name: 'A data answer cut in the middle of its body (the connection closes before Content-Length bytes came) fails the run with a clear error, applies nothing, and the server keeps answering',
  level: 'SHOULD',
  area: 'http',
  requirements: ['HTTP-004'],
  target: 'server',
  async run(ctx) {
    let front: CutFront | undefined;
    await withIntegration(
      ctx,
      plainScenario(2),
      {
        sync: false,
        front: async (url) => {
          front = await startCutFront(url, APP_PATHS.data);
          return front;
        },
      },
      async (it) => {
        const { run, res: runRes } = await syncFails(ctx, it.source.id, 'a sync whose data answer is cut in the middle');
        expectClearError(run, 'HTTP-004 an answer cut in the middle', runRes);
        if ((front?.cuts() ?? 0) === 0) fail('the data request never reached the front of the mock app (the account should use the front\'s address)', lastResponse(ctx));
        if ((await it.byKey('thing')).size !== 0) fail('HTTP-004: the cut answer delivered no complete row, yet the Database holds Entities', lastResponse(ctx));
        // The server still answers: the source reads back, and another run (cut again) ends as well.
        await getSource(ctx, it.source.id);
        await syncFails(ctx, it.source.id, 'a second sync through the cutting front');
      },
    );
  },
});
