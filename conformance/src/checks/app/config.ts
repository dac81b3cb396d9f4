/**
 * POST /api/v1/synchronizer/config, without an account and with the run's account, answers a
 * ConfigResponse: `types` an array of {id, name}, `filters` an array of filters {id, title, type,
 * optional?, datalist?}, `webhooks` (when present) {enabled, type: 'ui'}; ids are distinct. The
 * synchronizer endpoints are under /api/v1/synchronizer/ (VER-003): an app serving them elsewhere
 * fails here first.
 */
import { expectJson, expectStatus, fail } from '../../assert.js';
import { defineCheck, isCheckSkipped, type CheckContext } from '../../check.js';
import { appPost } from './client.js';
import { expectContract } from './contract.js';
import { PATHS, startSession } from './session.js';

function duplicate(ids: string[]): string | undefined {
  return ids.find((id, i) => ids.indexOf(id) !== i);
}

async function checkConfig(ctx: CheckContext, body: Record<string, unknown>, what: string): Promise<void> {
  const res = await appPost(ctx, PATHS.config, body);
  expectStatus(res, 200, what);
  const config = expectContract(res, 'ConfigResponse', expectJson(res, what), what);
  const twiceType = duplicate(config.types.map((t) => t.id));
  if (twiceType !== undefined) fail(`${what}: the type id ${JSON.stringify(twiceType)} is listed twice (schema and data requests name types by id)`, res);
  const twiceFilter = duplicate(config.filters.map((f) => f.id));
  if (twiceFilter !== undefined) fail(`${what}: the filter id ${JSON.stringify(twiceFilter)} is listed twice (filter values are keyed by filter id)`, res);
  if (config.types.length === 0) ctx.log(`${what}: the config lists no types`);
}

export default defineCheck({
  id: 'app.config',
  name:
    'POST /api/v1/synchronizer/config answers, without an account and with one, {types: [{id, name}], filters: [{id, title, type, optional?, datalist?}], webhooks?: {enabled, type: ui}} with distinct ids',
  level: 'MUST',
  area: 'app',
  requirements: ['APP-006', 'APP-007', 'APP-020', 'APP-021', 'APP-022', 'APP-051', 'APP-052', 'APP-053', 'VER-003'],
  target: 'app',
  async run(ctx) {
    await checkConfig(ctx, {}, 'the config without an account ({})');
    const session = await startSession(ctx).catch((error: unknown) => {
      if (!isCheckSkipped(error)) throw error;
      ctx.log(`the config with an account was not asked: ${error.message}`);
      return undefined;
    });
    if (session === undefined) return;
    await checkConfig(ctx, { account: session.account }, `the config with the account (type ${session.entry.id})`);
  },
});
