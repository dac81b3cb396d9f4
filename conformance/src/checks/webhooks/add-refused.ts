import { expectErrorName, expectNamesField, expectPlainError, expectStatus } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { withTestWorkspace } from '../../workspace.js';
import { WEBHOOKS } from './support.js';

/** Schemes other than http(s) on public hosts, literal ones too (a host name may fail to resolve in the server's network, and be refused for that alone). */
const REFUSED_URLS = [
  'ftp://example.org/hooks',
  'ftp://8.8.8.8/hooks',
  'ws://[2606:4700:4700::1111]/hooks',
  // A URI by RFC 3986 (so past a request schema's `format: uri`), yet no URL a client can call: 256 is no IPv4 byte.
  'http://256.0.0.1/hooks',
  'http://10.0.0.1/hooks',
  'http://169.254.169.254/latest/meta-data',
  'http://[fe80::1]/hooks',
];

export default defineCheck({
  id: 'webhooks.add-refused',
  name:
    'POST /api/webhooks/v2 answers 400 {name, message, data} naming the field for a `type` that names no Database (webhook.error/type-not-found) ' +
    'and for a `url` that is not an http(s) URL (an IPv4 host with a byte of 256 included) or points to a private, link-local or reserved address (webhook.error/url-refused)',
  level: 'SHOULD',
  area: 'webhooks',
  requirements: ['WH-035'],
  target: 'server',
  async run(ctx) {
    const unknownType = await ctx.http.post(WEBHOOKS, { url: 'https://example.org/hooks', type: 'NoSuchSpace/NoSuchDatabase' });
    expectStatus(unknownType, 400, 'adding a webhook for a Database that does not exist');
    const typeError = expectPlainError(unknownType, 'adding a webhook for a Database that does not exist');
    expectErrorName(unknownType, typeError.name, 'webhook.error/type-not-found', 'adding a webhook for a Database that does not exist');
    expectNamesField(unknownType, typeError, 'type', 'adding a webhook for a Database that does not exist');
    await withTestWorkspace(ctx, async ({ names: n }) => {
      for (const url of REFUSED_URLS) {
        const res = await ctx.http.post(WEBHOOKS, { url, type: n.items });
        const what = `adding a webhook to ${url}`;
        if (res.status === 200 && typeof (res.json as { id?: unknown } | undefined)?.id === 'number') {
          await ctx.http.request({ method: 'DELETE', path: `${WEBHOOKS}/${(res.json as { id: number }).id}` });
        }
        expectStatus(res, 400, what);
        const error = expectPlainError(res, what);
        expectErrorName(res, error.name, 'webhook.error/url-refused', what);
        expectNamesField(res, error, 'url', what);
      }
    });
  },
});
