/**
 * When the config enables webhooks, POST /api/v1/synchronizer/webhooks with `webhook: null`
 * installs one and answers a registration {id, workspaceId, ...}; sent again with that
 * registration (a reinstall, as after a filter change), it answers a registration again.
 * Skipped when the config does not enable webhooks. Note: this installs a webhook in the
 * external system (the contract has no uninstall).
 */
import { describeRequest, expectJson, fail } from '../../assert.js';
import { CheckSkipped, defineCheck, type CheckContext } from '../../check.js';
import { appPost } from './client.js';
import { expectContract, type AppSchemas } from './contract.js';
import { filterOf, isNotImplemented, PATHS, readConfig, startSession, type Session } from './session.js';

type Registration = AppSchemas['WebhookRegistration'];

async function install(ctx: CheckContext, session: Session, types: string[], webhook: Registration | null, what: string): Promise<Registration> {
  const res = await appPost(ctx, PATHS.webhooks, { types, filter: filterOf(ctx), account: session.account, webhook });
  if (isNotImplemented(res)) fail(`${what}: ${describeRequest(res)} answered ${res.status}, but the config enables webhooks: the service installs them through this endpoint`, res);
  if (res.status !== 200) fail(`${what}: expected status 200 from ${describeRequest(res)}, got ${res.status}`, res);
  return expectContract(res, 'WebhookRegistration', expectJson(res, what), what);
}

export default defineCheck({
  id: 'app.webhooks-install',
  name: 'POST /api/v1/synchronizer/webhooks installs with webhook null and reinstalls with the earlier registration, answering {id, workspaceId, ...} both times',
  level: 'MUST',
  area: 'app',
  requirements: ['APP-015', 'APP-041', 'APP-065', 'APP-066'],
  target: 'app',
  async run(ctx) {
    const session = await startSession(ctx);
    const { config } = await readConfig(ctx, session);
    if (config.webhooks?.enabled !== true) throw new CheckSkipped('the config does not enable webhooks');
    const types = config.types.map((t) => t.id);
    const registration = await install(ctx, session, types, null, 'installing a webhook (webhook: null)');
    await install(ctx, session, types, registration, 'reinstalling the webhook with its registration');
  },
});
