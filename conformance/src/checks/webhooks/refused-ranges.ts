import { expectErrorName, expectNamesField, expectPlainError, fail } from '../../assert.js';
import { CheckUnsupported, defineCheck } from '../../check.js';
import { addressCases, loadRefusedRanges, type AddressCase } from '../../refused-addresses.js';
import { isRecord } from '../../shapes.js';
import { withTestWorkspace } from '../../workspace.js';
import { WEBHOOKS } from './support.js';

export default defineCheck({
  id: 'webhooks.refused-ranges',
  name:
    'A server that refuses webhook URLs to non-public addresses refuses the first and last address of every range of x-svc-refused-ranges ' +
    '(IPv4 ones also IPv4-mapped and IPv4-compatible) with webhook.error/url-refused naming `url`, and accepts the public addresses just outside them, by http and by https',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'webhooks',
  requirements: ['WH-040'],
  target: 'server',
  async run(ctx) {
    const cases = addressCases(await loadRefusedRanges());
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const answers: Array<{ c: AddressCase; url: string; res: Awaited<ReturnType<typeof ctx.http.post>>; accepted: boolean }> = [];
      for (const [i, c] of cases.entries()) {
        // Both schemes a webhook may use, in turn: the policy is the address's, whatever the scheme.
        const url = `${i % 2 === 0 ? 'http' : 'https'}://${c.host}/hooks`;
        const res = await ctx.http.post(WEBHOOKS, { url, type: n.items });
        const id = res.status === 200 && isRecord(res.json) && typeof res.json['id'] === 'number' ? res.json['id'] : undefined;
        if (id !== undefined) await ctx.http.request({ method: 'DELETE', path: `${WEBHOOKS}/${id}` });
        answers.push({ c, url, res, accepted: id !== undefined });
      }
      const refusedOnes = answers.filter((a) => a.c.refused);
      if (refusedOnes.every((a) => a.accepted)) {
        throw new CheckUnsupported(['refusing webhook URLs to non-public addresses'], `all ${refusedOnes.length} addresses of the refused ranges were accepted`);
      }
      for (const { c, url, res, accepted } of answers) {
        const what = `adding a webhook to ${url} (${c.why})`;
        if (c.refused) {
          if (accepted) fail(`${what} was accepted, while other addresses of the refused ranges were refused: every address of x-svc-refused-ranges is refused`, res);
          const error = expectPlainError(res, what);
          expectErrorName(res, error.name, 'webhook.error/url-refused', what);
          expectNamesField(res, error, 'url', what);
        } else if (!accepted) {
          fail(`${what} answered ${res.status}, expected 200 with the new webhook: an address outside every range of x-svc-refused-ranges is public`, res);
        }
      }
    });
  },
});
