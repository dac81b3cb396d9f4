/**
 * The address policy of integration apps (HTTP-007) is the one of webhook URLs: every refused
 * spelling of refused-addresses.ts (first and last address of each range of x-svc-refused-ranges,
 * IPv4 ones IPv4-mapped and IPv4-compatible; NAT64 and 6to4 are ranges of their own) given as the
 * `appUrl` of a new account and of an OAuth start is refused with 400
 * `integration.error/app-url-refused` naming `appUrl`. Public addresses are not tried here: an
 * accepted app address is called at once, and the suite calls no one it does not run.
 */
import { expectErrorName, expectNamesField, expectPlainError, fail } from '../../assert.js';
import { CheckUnsupported, defineCheck } from '../../check.js';
import { addressCases, loadRefusedRanges } from '../../refused-addresses.js';
import { isUnservedRoute } from '../../support.js';

const ENDPOINTS = [
  { path: '/api/integrations/accounts', body: (appUrl: string) => ({ appUrl, accountType: 'token', fields: { token: 'x' } }) },
  { path: '/api/integrations/oauth/authorize', body: (appUrl: string) => ({ appUrl, accountType: 'oauth2' }) },
] as const;

export default defineCheck({
  id: 'http.app-url-refused-ranges',
  name:
    'Every refused address of x-svc-refused-ranges, in every spelling (IPv4-mapped, IPv4-compatible, NAT64, 6to4), given as the appUrl of a new account ' +
    'or of an OAuth start is refused with 400 integration.error/app-url-refused naming appUrl',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'http',
  requirements: ['HTTP-007'],
  target: 'server',
  async run(ctx) {
    const cases = addressCases(await loadRefusedRanges()).filter((c) => c.refused);
    for (const endpoint of ENDPOINTS) {
      for (const [i, c] of cases.entries()) {
        const appUrl = `${i % 2 === 0 ? 'http' : 'https'}://${c.host}/app`;
        const what = `POST ${endpoint.path} with appUrl ${appUrl} (${c.why})`;
        const res = await ctx.http.post(endpoint.path, endpoint.body(appUrl), { timeoutMs: 15_000 });
        if (isUnservedRoute(res)) throw new CheckUnsupported([`POST ${endpoint.path}`], `answered ${res.status}`);
        if (res.status !== 400) fail(`${what}: expected 400 integration.error/app-url-refused (the address is refused, as for webhooks), got ${res.status}`, res);
        const error = expectPlainError(res, what);
        expectErrorName(res, error.name, 'integration.error/app-url-refused', what);
        expectNamesField(res, error, 'appUrl', what);
      }
    }
  },
});
