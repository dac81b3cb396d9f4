import { isDeepStrictEqual } from 'node:util';
import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { patchSource } from './admin.js';
import { WORKSPACE_ID, eventsScenario } from './events-scenario.js';
import { lastResponse, withIntegration } from './integration.js';
import { APP_PATHS, bodyOf, requestsTo } from './mock.js';
import { GOOD_TOKEN } from './scenarios.js';

export default defineCheck({
  id: 'sync.webhook-install',
  name:
    'When the app\'s config enables webhooks, adding a source installs one through the app\'s webhooks endpoint with {types, filter, account, webhook: null} and keeps the registration; ' +
    'changing the source\'s filter reinstalls it with the earlier registration, keeping its id',
  level: 'MUST',
  area: 'events',
  requirements: ['EVT-001', 'APP-040', 'APP-065'],
  target: 'server',
  async run(ctx) {
    await withIntegration(ctx, eventsScenario(), { sync: false, filter: { region: 'eu' } }, async (it) => {
      const installs = requestsTo(it.app, APP_PATHS.webhooks);
      if (installs.length !== 1) fail(`EVT-001: adding a source of an app whose config enables webhooks should install one webhook; the app got ${installs.length} install request(s)`, lastResponse(ctx));
      const first = bodyOf(installs[0]!, 'APP-040 the webhook install request');
      const expected = { types: ['thing'], filter: { region: 'eu' }, account: { token: GOOD_TOKEN }, webhook: null };
      if (!isDeepStrictEqual(first, expected)) fail(`APP-040/APP-065: the install request was ${JSON.stringify(first)}, expected ${JSON.stringify(expected)}`, lastResponse(ctx));
      const registration = it.source.webhook;
      if (!isRecord(registration) || registration['workspaceId'] !== WORKSPACE_ID || registration['id'] === undefined) {
        fail(`EVT-001: the source should keep the registration the app answered ({id, workspaceId: "${WORKSPACE_ID}", ...}); it shows webhook ${JSON.stringify(registration)}`, lastResponse(ctx));
      }

      const changed = await patchSource(ctx, it.source.id, { filter: { region: 'us' } });
      const again = requestsTo(it.app, APP_PATHS.webhooks);
      if (again.length !== 2) fail(`APP-065: changing the filter should reinstall the webhook once; the app got ${again.length - 1} more install request(s)`, lastResponse(ctx));
      const second = bodyOf(again[1]!, 'APP-065 the reinstall request');
      if (!isDeepStrictEqual(second['webhook'], registration) || !isDeepStrictEqual(second['filter'], { region: 'us' })) {
        fail(`APP-065: the reinstall request was ${JSON.stringify(second)}, expected webhook = the earlier registration ${JSON.stringify(registration)} and the new filter {region: "us"}`, lastResponse(ctx));
      }
      if (!isRecord(changed.webhook) || changed.webhook['id'] !== registration['id']) fail(`APP-065: after the reinstall the source shows webhook ${JSON.stringify(changed.webhook)}; the registration id ${JSON.stringify(registration['id'])} should stay`, lastResponse(ctx));
    });
  },
});
