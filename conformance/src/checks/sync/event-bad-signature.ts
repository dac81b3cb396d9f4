import { isDeepStrictEqual } from 'node:util';
import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { listRuns } from './admin.js';
import { expectUnchanged } from './expect-entities.js';
import { eventsScenario } from './events-scenario.js';
import { lastResponse, withIntegration } from './integration.js';
import { APP_PATHS, requestsTo } from './mock.js';

/** How long to watch that a refused event causes nothing. */
const QUIET_MS = 1_000;

export default defineCheck({
  id: 'sync.event-bad-signature',
  name: 'An event the app\'s pre-process refuses (a wrong signature: 401 with a reply) is answered with the app\'s status and reply, and nothing of it is applied (no transform, no run)',
  level: 'MUST',
  area: 'events',
  requirements: ['APP-068', 'EVT-002'],
  target: 'server',
  async run(ctx) {
    await withIntegration(ctx, eventsScenario(), {}, async (it) => {
      const before = await it.byKey('thing');
      it.app.clearRequests();
      const answer = await it.app.emitEvent('forged', it.account.eventsUrl);
      if (answer.status !== 401) fail(`APP-068: pre-process answered 401 to the forged event; the external caller got ${answer.status} ${answer.body.slice(0, 200)}`, lastResponse(ctx));
      let reply: unknown;
      try {
        reply = JSON.parse(answer.body);
      } catch {
        reply = answer.body;
      }
      if (!isDeepStrictEqual(reply, { error: 'bad signature' })) fail(`APP-068: pre-process replied {error: "bad signature"}; the external caller got ${JSON.stringify(answer.body).slice(0, 200)}`, lastResponse(ctx));
      if (requestsTo(it.app, APP_PATHS.preProcess).length !== 1) fail('EVT-002: the forged event should still be passed to pre-process (which refuses it)', lastResponse(ctx));
      await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
      if (requestsTo(it.app, APP_PATHS.transform).length > 0) fail('a refused event must not be transformed, yet transform was called', lastResponse(ctx));
      const { runs } = await listRuns(ctx, it.source.id);
      if (runs.some((r) => r.trigger === 'event')) fail(`a refused event must not cause a run, yet the history shows ${JSON.stringify(runs.filter((r) => r.trigger === 'event'))}`, lastResponse(ctx));
      expectUnchanged(before, await it.byKey('thing'), ['t1', 't2', 't3'], 'nothing of a refused event is applied', lastResponse(ctx));
    });
  },
});
