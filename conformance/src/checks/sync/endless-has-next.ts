import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { syncFails } from './admin.js';
import { expectAppFailed, expectClearError, expectRecovers } from './failed-run.js';
import { lastResponse, withIntegration } from './integration.js';
import { APP_PATHS, bodyOf, requestsTo } from './mock.js';
import { startRewriteFront } from './rewrite-front.js';
import { plainScenario } from './scenarios.js';

/** Pages a run may ask before it is taken to follow an app that never moves on. */
const MOST_PAGES = 20;

/**
 * nextPageConfig values that differ only in the shape of a member: an array, then an object
 * whose keys are the array's indexes. They are not the same JSON value, so the app moves on.
 */
const AS_ARRAY = { offset: 0, conformance: ['a', 'b'] };
const AS_OBJECT = { offset: 0, conformance: { 0: 'a', 1: 'b' } };

export default defineCheck({
  id: 'sync.endless-has-next',
  name:
    'An app that answers hasNext true with the same nextPageConfig again and again does not keep a run going: the run fails with a clear error (integration.error/app-failed, data.operation "data", ' +
    'the message naming the type) after a few pages and the server keeps answering; a nextPageConfig equal to the previous one with its members in another order is the same one; ' +
    'one that differs only in a member that was an array and is now an object with the array\'s indexes as keys is another one (the run goes on and succeeds)',
  level: 'SHOULD',
  area: 'sync',
  requirements: ['SYNC-010', 'HTTP-004'],
  target: 'server',
  async run(ctx) {
    // The nextPageConfig of the data answers the front still rewrites, in order (each with hasNext true).
    const rewrites: Record<string, unknown>[] = [];
    const front = (appUrl: string) =>
      startRewriteFront(appUrl, (path, status, body) => {
        if (path !== APP_PATHS.data || status !== 200 || !isRecord(body)) return undefined;
        const nextPageConfig = rewrites.shift();
        return nextPageConfig === undefined ? undefined : { ...body, pagination: { hasNext: true, nextPageConfig } };
      });
    await withIntegration(ctx, plainScenario(2), { sync: false, front }, async (it) => {
      it.app.fail({ endpoint: 'data', type: 'thing', kind: 'endlessHasNext', times: -1 });
      const { run, res: runRes } = await syncFails(ctx, it.source.id, 'a sync of an app that always answers hasNext with the same nextPageConfig');
      expectAppFailed(expectClearError(run, 'an app that never moves on', runRes), 'data', 'SYNC-010 an app that never moves on', runRes);
      const asked = requestsTo(it.app, APP_PATHS.data).length;
      if (asked > MOST_PAGES) fail(`the app answered the same nextPageConfig every time; the service asked ${asked} pages before giving up, expected it to notice within ${MOST_PAGES}`, lastResponse(ctx));
      await expectRecovers(ctx, it, run, 'after the endless run');

      // The first page names {offset: 0, conformance: "same"}, the second the same members in another order.
      rewrites.push({ offset: 0, conformance: 'same' }, { conformance: 'same', offset: 0 });
      const what = 'a sync of an app whose second page answers the nextPageConfig {offset: 0, conformance: "same"} of the first again, its members in another order';
      const { run: again, res: againRes } = await syncFails(ctx, it.source.id, `SYNC-010 ${what}`);
      expectAppFailed(expectClearError(again, 'an app that answers the same nextPageConfig in another member order', againRes), 'data', `SYNC-010 ${what}`, againRes);
      rewrites.length = 0;

      // An array member, then an object with its indexes as keys: another nextPageConfig; the third page ends the run.
      rewrites.push(AS_ARRAY, AS_OBJECT);
      it.app.clearRequests();
      const moved = `SYNC-010 a sync of an app whose first page answers the nextPageConfig ${JSON.stringify(AS_ARRAY)} and whose second answers ${JSON.stringify(AS_OBJECT)} (another value), then hasNext false`;
      await it.sync(moved);
      rewrites.length = 0;
      const sent = requestsTo(it.app, APP_PATHS.data).map((r) => bodyOf(r, `${moved}: a data request`)['pagination']);
      const expected = JSON.stringify([undefined, AS_ARRAY, AS_OBJECT]);
      if (JSON.stringify(sent) !== expected) fail(`${moved}: the server asked the pages with pagination ${JSON.stringify(sent)}, expected ${expected} (each page with the nextPageConfig of the page before)`, lastResponse(ctx));
    });
  },
});
