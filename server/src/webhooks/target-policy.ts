// Which addresses a webhook may call. Only http and https; private, loopback, link-local and other
// non-public addresses are refused unless the server's allow-list names them
// (ServerOptions.webhookAllow, SVC_WEBHOOK_ALLOW=127.0.0.1,::1,10.0.0.0/8). Host names are
// resolved and their addresses checked when the webhook is added, and again on every delivery
// (the `lookup` below is what the outbound connection uses), so DNS rebinding gains nothing.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Failure } from '../api/failure.js';

const RESOLVE_TIMEOUT_MS = 5_000;

/** Refused IPv4 ranges (spec/service.openapi.yaml, WebhookInput url, `x-svc-refused-ranges`). */
export const REFUSED_V4 = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const;

/** Refused IPv6 ranges (the same list). */
export const REFUSED_V6 = [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const;

type Family = 'ipv4' | 'ipv6';

/**
 * An address as the policy judges it: brackets of a URL host dropped, and an IPv6 address that
 * embeds an IPv4 one (IPv4-mapped `::ffff:a.b.c.d` in any spelling, IPv4-compatible `::a.b.c.d`)
 * taken as that IPv4 address.
 */
function normalise(address: string): { address: string; family: Family } | undefined {
  const text = address.replace(/^\[|\]$/g, '');
  if (isIP(text) === 0) return undefined;
  let ip = ipaddr.parse(text);
  if (ip.kind() === 'ipv6') {
    const v6 = ip as ipaddr.IPv6;
    const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0] = v6.parts;
    const compatible = a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0 && (g !== 0 || h > 1);
    if (v6.isIPv4MappedAddress()) ip = v6.toIPv4Address();
    else if (compatible) ip = new ipaddr.IPv4([g >> 8, g & 0xff, h >> 8, h & 0xff]);
  }
  return { address: ip.toString(), family: ip.kind() === 'ipv4' ? 'ipv4' : 'ipv6' };
}

function refusal(message: string, url: string): Failure {
  return new Failure('webhook.error/url-refused', message, { field: 'url', url }, 400);
}

export class TargetPolicy {
  private readonly refused = new BlockList();
  private readonly allowed = new BlockList();
  readonly allowList: readonly string[];

  /** `allow`: addresses or CIDR ranges (`127.0.0.1`, `::1`, `10.0.0.0/8`) that are called although not public. */
  constructor(allow: readonly string[] = []) {
    for (const [net, prefix] of REFUSED_V4) this.refused.addSubnet(net, prefix, 'ipv4');
    for (const [net, prefix] of REFUSED_V6) this.refused.addSubnet(net, prefix, 'ipv6');
    const entries: string[] = [];
    for (const raw of allow) {
      const entry = raw.trim();
      if (entry === '') continue;
      const [address = '', prefix] = entry.split('/');
      const ip = normalise(address);
      if (!ip) throw new Error(`webhook allow-list: "${entry}" is not an IP address or CIDR range`);
      if (prefix === undefined) this.allowed.addAddress(ip.address, ip.family);
      else {
        const bits = Number(prefix);
        if (!Number.isInteger(bits) || bits < 0 || bits > (ip.family === 'ipv4' ? 32 : 128)) throw new Error(`webhook allow-list: bad prefix in "${entry}"`);
        this.allowed.addSubnet(ip.address, bits, ip.family);
      }
      entries.push(entry);
    }
    this.allowList = entries;
  }

  /** Whether deliveries may go to this IP address. */
  allows(address: string): boolean {
    const ip = normalise(address);
    if (!ip) return false;
    if (this.allowed.check(ip.address, ip.family)) return true;
    return !this.refused.check(ip.address, ip.family);
  }

  /**
   * Checks a webhook's URL when it is added: http or https, and a host that is (or resolves to)
   * an address deliveries may go to. Throws `webhook.error/url-refused` naming the field `url`.
   */
  async checkUrl(raw: string): Promise<URL> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw refusal(`"url" must be an absolute http or https URL; got ${JSON.stringify(raw).slice(0, 200)}.`, raw);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw refusal(`"url" must use http or https; got ${url.protocol.replace(/:$/, '')}.`, raw);
    }
    const literal = normalise(url.hostname);
    if (literal) {
      if (!this.allows(literal.address)) throw refusal(`"url" points to ${literal.address}, a private, loopback or reserved address this server does not call.`, raw);
      return url;
    }
    let addresses: LookupAddress[];
    try {
      addresses = await resolve(url.hostname);
    } catch {
      throw refusal(`"url": the host ${url.hostname} cannot be resolved.`, raw);
    }
    if (!addresses.some((a) => this.allows(a.address))) {
      throw refusal(`"url": the host ${url.hostname} resolves only to private, loopback or reserved addresses (${addresses.map((a) => a.address).join(', ')}), which this server does not call.`, raw);
    }
    return url;
  }

  /** Whether a URL's host, when it is an IP address, may be called (host names are checked by `lookup`). */
  allowsLiteralHost(url: URL): boolean {
    const literal = normalise(url.hostname);
    return literal === undefined || this.allows(literal.address);
  }

  /**
   * The name resolution of outbound delivery connections: resolves, keeps the addresses the
   * policy allows, fails when none is left.
   */
  readonly lookup: LookupFunction = (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family ?? 0, hints: options.hints }, (error, addresses) => {
      if (error) {
        callback(error, '', 0);
        return;
      }
      const usable = addresses.filter((a) => this.allows(a.address));
      const first = usable[0];
      if (!first) {
        const refused: NodeJS.ErrnoException = new Error(`${hostname} resolves only to addresses webhooks may not call`);
        refused.code = 'ESVCREFUSED';
        callback(refused, '', 0);
        return;
      }
      if (options.all) (callback as unknown as (err: null, all: LookupAddress[]) => void)(null, usable);
      else callback(null, first.address, first.family);
    });
  };
}

function resolve(hostname: string): Promise<LookupAddress[]> {
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error('time-out')), RESOLVE_TIMEOUT_MS);
    dnsLookup(hostname, { all: true }, (error, addresses) => {
      clearTimeout(timer);
      if (error) reject(error);
      else resolvePromise(addresses);
    });
  });
}
