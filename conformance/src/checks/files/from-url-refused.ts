/**
 * `POST /api/files/from-url` calls no address of `x-svc-refused-ranges` (the policy of webhook
 * URLs): every refused spelling of refused-addresses.ts (first and last address of each range,
 * IPv4 ones also IPv4-mapped and IPv4-compatible) is answered 400 `file.error/url-refused`
 * naming `url`, as a URL that is not http(s) is. Loopback addresses are left out: a target may
 * allow them (for the suite's own receiver).
 */
import { expectErrorName, expectNamesField, expectPlainError, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { addressCases, loadRefusedRanges } from '../../refused-addresses.js';
import { unsupportedIfUnserved } from './client.js';

/** Ranges a target may allow for the suite's receiver (loopback). */
const MAY_BE_ALLOWED = ['127.0.0.0/8', '::1/128'];

export default defineCheck({
  id: 'files.from-url-refused',
  name:
    'POST /api/files/from-url with a URL in a range of x-svc-refused-ranges (every spelling, loopback left out) or a URL that is not http(s) ' +
    'is answered 400 file.error/url-refused naming url',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'files',
  requirements: ['FILE-005'],
  target: 'server',
  async run(ctx) {
    const cases = addressCases(await loadRefusedRanges()).filter((c) => c.refused && !MAY_BE_ALLOWED.some((r) => c.why.includes(r)));
    const urls = [
      ...cases.map((c, i) => ({ url: `${i % 2 === 0 ? 'http' : 'https'}://${c.host}/file.bin`, why: c.why })),
      { url: 'ftp://example.org/file.bin', why: 'not http or https' },
      { url: 'file:///etc/passwd', why: 'not http or https' },
    ];
    for (const { url, why } of urls) {
      const what = `POST /api/files/from-url with ${url} (${why})`;
      const res = await ctx.http.post('/api/files/from-url', { url }, { timeoutMs: 15_000 });
      unsupportedIfUnserved(res, 'POST /api/files/from-url');
      if (res.status !== 400) fail(`${what}: expected 400 file.error/url-refused (the address is not called), got ${res.status}`, res);
      const error = expectPlainError(res, what);
      expectErrorName(res, error.name, 'file.error/url-refused', what);
      expectNamesField(res, error, 'url', what);
    }
  },
});
