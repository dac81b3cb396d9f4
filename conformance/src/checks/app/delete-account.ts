/**
 * DELETE /api/v1/account with the account data answers a 2xx status (200; the service takes any
 * 2xx as success). It may revoke the account in the external system, so it runs only with
 * `--destructive` (ctx.app.destructive), last of all; skipped otherwise, and when not
 * implemented (404/405). The path is /api/v1/account (VER-004): when it is not answered but the
 * plural /api/v1/accounts is (2xx), the clean-up is at a path the service never calls, which fails.
 */
import { describeRequest, fail } from '../../assert.js';
import { CheckSkipped, defineCheck } from '../../check.js';
import { appRequest } from './client.js';
import { isNotImplemented, PATHS, skipIfNotImplemented, startSession } from './session.js';

export default defineCheck({
  id: 'app.delete-account',
  name: 'DELETE /api/v1/account with the account data answers 200 (run only with --destructive: it may revoke the account)',
  level: 'MUST',
  area: 'app',
  requirements: ['APP-050', 'VER-004'],
  target: 'app',
  async run(ctx) {
    if (ctx.app?.destructive !== true) throw new CheckSkipped('not run: account clean-up may revoke the account in the external system; pass --destructive to run it');
    const session = await startSession(ctx);
    const res = await appRequest(ctx, 'DELETE', PATHS.account, session.account);
    if (isNotImplemented(res)) {
      const plural = await appRequest(ctx, 'DELETE', PATHS.accounts, session.account);
      if (plural.status >= 200 && plural.status <= 299) {
        fail(`deleting the account: ${describeRequest(res)} answered ${res.status} but ${describeRequest(plural)} answered ${plural.status}: the service calls the singular /api/v1/account`, plural);
      }
    }
    skipIfNotImplemented(res, 'DELETE /api/v1/account');
    if (res.status < 200 || res.status > 299) fail(`deleting the account: expected status 200 from ${describeRequest(res)}, got ${res.status} (a non-2xx status interrupts the account deletion)`, res);
  },
});
