import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import type { HttpResponse } from '../../http.js';
import { isRecord } from '../../shapes.js';
import { syncFails, type ErrorBody } from './admin.js';
import { expectClearError, expectRecovers } from './failed-run.js';
import { lastResponse, withIntegration } from './integration.js';
import { APP_PATHS, requestsTo } from './mock.js';
import { startRewriteFront } from './rewrite-front.js';
import { plainScenario } from './scenarios.js';

/** Pages a run may ask before it is taken to follow an app that never moves on. */
const MOST_PAGES = 20;

/** The run's error is app-failed naming the data endpoint (`data.operation` names the app endpoint, spec/service.openapi.yaml AppFailed). */
function expectDataFailure(error: ErrorBody, what: string, res: HttpResponse): void {
  const operation = isRecord(error.data) ? error.data['operation'] : undefined;
  if (error.name !== 'integration.error/app-failed' || operation !== 'data') fail(`${what}: the run failed with ${JSON.stringify(error)}, expected integration.error/app-failed with data.operation "data"`, res);
}

export default defineCheck({
  id: 'sync.endless-has-next',
  name:
    'An app that answers hasNext true with the same nextPageConfig again and again does not keep a run going: the run fails with a clear error (integration.error/app-failed, data.operation "data") after a few pages ' +
    'and the server keeps answering; a nextPageConfig equal to the previous one with its members in another order is the same one',
  level: 'SHOULD',
  area: 'sync',
  requirements: ['SYNC-010', 'HTTP-004'],
  target: 'server',
  async run(ctx) {
    // Data answers the front still rewrites: the first names {offset: 0, conformance: "same"}, the second the same members in another order.
    let reorder = 0;
    const front = (appUrl: string) =>
      startRewriteFront(appUrl, (path, status, body) => {
        if (path !== APP_PATHS.data || status !== 200 || reorder === 0 || !isRecord(body)) return undefined;
        reorder -= 1;
        const nextPageConfig = reorder === 1 ? { offset: 0, conformance: 'same' } : { conformance: 'same', offset: 0 };
        return { ...body, pagination: { hasNext: true, nextPageConfig } };
      });
    await withIntegration(ctx, plainScenario(2), { sync: false, front }, async (it) => {
      it.app.fail({ endpoint: 'data', type: 'thing', kind: 'endlessHasNext', times: -1 });
      const { run, res: runRes } = await syncFails(ctx, it.source.id, 'a sync of an app that always answers hasNext with the same nextPageConfig');
      expectDataFailure(expectClearError(run, 'an app that never moves on', runRes), 'SYNC-010 an app that never moves on', runRes);
      const asked = requestsTo(it.app, APP_PATHS.data).length;
      if (asked > MOST_PAGES) fail(`the app answered the same nextPageConfig every time; the service asked ${asked} pages before giving up, expected it to notice within ${MOST_PAGES}`, lastResponse(ctx));
      await expectRecovers(ctx, it, run, 'after the endless run');

      reorder = 2;
      const what = 'a sync of an app whose second page answers the nextPageConfig {offset: 0, conformance: "same"} of the first again, its members in another order';
      const { run: again, res: againRes } = await syncFails(ctx, it.source.id, `SYNC-010 ${what}`);
      expectDataFailure(expectClearError(again, 'an app that answers the same nextPageConfig in another member order', againRes), `SYNC-010 ${what}`, againRes);
    });
  },
});
