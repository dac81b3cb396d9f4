import { isDeepStrictEqual } from 'node:util';
import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { expectKeys } from './expect-entities.js';
import { lastResponse, withIntegration } from './integration.js';
import { APP_PATHS, bodyOf, requestsTo } from './mock.js';
import { oneTypeScenario } from './scenarios.js';

const ROWS = Array.from({ length: 5 }, (_, i) => ({ id: `t${i + 1}`, name: `Thing ${i + 1}` }));
const SCENARIO = oneTypeScenario('Five rows over three pages.', {}, ROWS, {}, { pageSize: 2 });

export default defineCheck({
  id: 'sync.try-later',
  name: 'A data page answered with {message, tryLater: true} is asked again later (same pagination) until it is answered; the run succeeds with every row and counts the tryLater answers in "attempts"',
  level: 'MUST',
  area: 'app',
  requirements: ['APP-ERR-005', 'SYNC-010'],
  target: 'server',
  async run(ctx) {
    await withIntegration(ctx, SCENARIO, { sync: false }, async (it) => {
      it.app.fail({ endpoint: 'data', type: 'thing', page: 1, kind: 'tryLater', times: 2, message: 'Rate limit reached (conformance), try later.' });
      const run = await it.sync('a sync whose second page is answered tryLater twice');
      if (run.attempts !== 2) fail(`APP-ERR-005: the run received 2 tryLater answers; it reports attempts ${run.attempts}`, lastResponse(ctx));
      const second = requestsTo(it.app, APP_PATHS.data).filter((r) => isDeepStrictEqual(bodyOf(r, 'a data request')['pagination'], { offset: 2 }));
      if (second.length !== 3) fail(`APP-ERR-005: the page answered tryLater twice should be asked 3 times with the same pagination {offset: 2}; it was asked ${second.length} times`, lastResponse(ctx));
      expectKeys(await it.byKey('thing'), ROWS.map((r) => r.id), 'APP-ERR-005 after the retried page was answered', lastResponse(ctx));
    });
  },
});
