/**
 * Fault: an IPv6 address that embeds a refused IPv4 one (IPv4-compatible `[::10.0.0.1]`,
 * IPv4-mapped `[::ffff:10.0.0.1]`) is not judged by the IPv4 address: the server accepts a webhook
 * to it (the proxy puts a public address in its place before the server sees it).
 */
import { defineFault } from '../fault.js';
import { isRecord, pathOf } from './support.js';

/** A bracketed IPv6 host written with a dotted IPv4 tail. */
const EMBEDDED = /^https?:\/\/\[[0-9a-f:]*:\d+\.\d+\.\d+\.\d+\]/i;

export default defineFault({
  id: 'server.webhook-embedded-ipv4-called',
  target: 'server',
  area: 'webhooks',
  breaks: 'WH-040',
  description: 'accepts a webhook to an IPv6 address that embeds a private IPv4 one ([::10.0.0.1], [::ffff:10.0.0.1])',
  select: ['webhooks.refused-ranges'],
  inbound: {
    request(req) {
      if (req.method !== 'POST' || pathOf(req) !== '/api/webhooks/v2' || !isRecord(req.json)) return;
      const url = req.json['url'];
      if (typeof url === 'string' && EMBEDDED.test(url)) req.json['url'] = url.replace(EMBEDDED, 'http://93.184.216.34');
    },
  },
});
