import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import type { ErrorBody, SyncRun } from './admin.js';
import { expectKeys, expectUnchanged } from './expect-entities.js';
import { HUGE_MARKER, twoTypeEventsScenario } from './events-scenario.js';
import { endedEventRun } from './events.js';
import { expectAppFailed, expectClearError, expectRecovers } from './failed-run.js';
import { lastResponse, withIntegration } from './integration.js';
import { APP_PATHS } from './mock.js';
import { startRewriteFront } from './rewrite-front.js';

/** Rows of one type in the transform answer: more than the 10,000 rows a page may hold (spec/integrations.md, "Bounds"). */
const ROWS = 12_000;

/** The transform answer of the event "huge" (its one row, HUGE_MARKER), with ROWS rows of things in its place. */
function huge(body: unknown): unknown {
  const data = isRecord(body) && isRecord(body['data']) ? body['data'] : undefined;
  const rows = data?.['thing'];
  if (!data || !Array.isArray(rows) || !isRecord(rows[0]) || rows[0]['id'] !== HUGE_MARKER) return undefined;
  return { ...body as Record<string, unknown>, data: { ...data, thing: Array.from({ length: ROWS }, (_, i) => ({ id: `huge-${i}`, name: `Generated row ${i}`, __syncAction: 'SET' })) } };
}

export default defineCheck({
  id: 'sync.event-huge-transform',
  name:
    'An event whose transform answers more rows of a type than a page may hold (12,000 rows of things > 10,000) fails its run with a clear error (integration.error/app-failed, ' +
    'data.operation "transform", the message naming the type), applies none of them, and the server keeps answering and syncing the source',
  level: 'SHOULD',
  area: 'sync',
  requirements: ['SYNC-023', 'EVT-004', 'HTTP-004'],
  target: 'server',
  async run(ctx) {
    const front = (appUrl: string) => startRewriteFront(appUrl, (path, status, body) => (path === APP_PATHS.transform && status === 200 ? huge(body) : undefined));
    await withIntegration(ctx, twoTypeEventsScenario(), { front }, async (it) => {
      const before = await it.byKey('thing');
      const answer = await it.app.emitEvent('huge', it.account.eventsUrl);
      if (answer.status !== 200) fail(`EVT-002: the app accepts the event "huge"; the external caller got ${answer.status} ${answer.body.slice(0, 200)}`, lastResponse(ctx));
      const what = `SYNC-023 an event whose transform answers ${ROWS} rows of type "thing"`;
      const run = await endedEventRun(ctx, it.source.id, what);
      const res = lastResponse(ctx);
      if (run.status !== 'failed' || !isRecord(run.error)) fail(`${what}: its run ${run.id} ended "${run.status}" with error ${JSON.stringify(run.error)}, expected a failed run: a transform answer over the row limit is not applied`, res);
      const failed = run as SyncRun & { error: ErrorBody };
      const error = expectClearError(failed, what, res);
      expectAppFailed(error, 'transform', what, res);
      if (!error.message.includes('thing')) fail(`${what}: the message ${JSON.stringify(error.message)} does not name the type "thing" whose rows are over the limit`, res);
      const after = await it.byKey('thing');
      expectKeys(after, [...before.keys()], `${what}: none of its rows is applied`, lastResponse(ctx));
      expectUnchanged(before, after, [...before.keys()], `${what}: none of its rows is applied`, lastResponse(ctx));
      await expectRecovers(ctx, it, failed, 'after the event run over the row limit');
    });
  },
});
