import { isDeepStrictEqual } from 'node:util';
import { expectStatus, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { deleteAccountRaw, getAccountRaw } from './admin.js';
import { expectKeys } from './expect-entities.js';
import { lastResponse, withIntegration } from './integration.js';
import { APP_PATHS, bodyOf, requestsTo } from './mock.js';
import { GOOD_TOKEN, plainScenario } from './scenarios.js';

export default defineCheck({
  id: 'sync.account-delete',
  name:
    'Deleting an account calls the app\'s DELETE /api/v1/account (the singular path) with the account data, then deletes the account and its sources; the synchronized Entities stay',
  level: 'MUST',
  area: 'app',
  requirements: ['APP-049', 'APP-072', 'APP-073'],
  target: 'server',
  async run(ctx) {
    await withIntegration(ctx, plainScenario(2), {}, async (it) => {
      it.app.clearRequests();
      const res = await deleteAccountRaw(ctx, it.account.id);
      expectStatus(res, 200, 'deleting the account');
      const cleanup = requestsTo(it.app, APP_PATHS.account, 'DELETE');
      if (cleanup.length !== 1) fail(`APP-072: deleting the account should call DELETE /api/v1/account once; the app got ${cleanup.length} such request(s)`, res);
      const plural = it.app.requests.filter((r) => r.path === APP_PATHS.accounts);
      if (plural.length > 0) fail('APP-073: the clean-up used the path /api/v1/accounts; the singular /api/v1/account is the one to use', res);
      const body = bodyOf(cleanup[0]!, 'APP-049 the clean-up request');
      if (!isDeepStrictEqual(body, { token: GOOD_TOKEN })) fail(`APP-049: the clean-up request carried ${JSON.stringify(body)}, expected the account data {token: "${GOOD_TOKEN}"}`, res);
      const after = await getAccountRaw(ctx, it.account.id);
      expectStatus(after, 404, 'reading the deleted account');
      const source = await ctx.http.get(`/api/integrations/sources/${it.source.id}`);
      expectStatus(source, 404, 'reading a source of the deleted account');
      expectKeys(await it.byKey('thing'), ['t1', 't2'], 'the synchronized Entities stay when the account is deleted', lastResponse(ctx));
    });
  },
});
