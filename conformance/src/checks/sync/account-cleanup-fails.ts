import { expectStatus, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { deleteAccountRaw, expectAdminError, getAccountRaw } from './admin.js';
import { nonce, withIntegration } from './integration.js';
import { plainScenario } from './scenarios.js';

export default defineCheck({
  id: 'sync.account-cleanup-fails',
  name: 'When the app\'s account clean-up (DELETE /api/v1/account) answers an error, the account deletion is interrupted with the app\'s message: the account and its source stay; once the clean-up works the deletion succeeds',
  level: 'MUST',
  area: 'app',
  requirements: ['APP-ERR-006'],
  target: 'server',
  async run(ctx) {
    await withIntegration(ctx, plainScenario(1), {}, async (it) => {
      const message = `The token could not be revoked right now (conformance ${nonce()}).`;
      it.app.fail({ endpoint: 'account-delete', kind: 'error', status: 500, message });
      const res = await deleteAccountRaw(ctx, it.account.id);
      if (res.status < 400) fail(`APP-ERR-006: the app's clean-up answered 500, so the deletion is interrupted; the service answered ${res.status}`, res);
      const error = expectAdminError(res, 'APP-ERR-006 an interrupted deletion');
      if (!error.message.includes(message)) fail(`APP-ERR-006: the interrupted deletion should carry the app's message ${JSON.stringify(message)}; it says ${JSON.stringify(error.message)}`, res);
      expectStatus(await getAccountRaw(ctx, it.account.id), 200, 'APP-ERR-006: the account stays when the clean-up failed');
      expectStatus(await ctx.http.get(`/api/integrations/sources/${it.source.id}`), 200, 'APP-ERR-006: the source of the account stays when the clean-up failed');
      await it.sync('APP-ERR-006: the account still works after the interrupted deletion');
      it.app.clearFailures();
      expectStatus(await deleteAccountRaw(ctx, it.account.id), 200, 'deleting the account once the clean-up works');
      expectStatus(await getAccountRaw(ctx, it.account.id), 404, 'reading the account after its deletion');
    });
  },
});
