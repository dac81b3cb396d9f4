/**
 * The addresses a server must not call (spec/service.openapi.yaml, WebhookInput `url`,
 * `x-svc-refused-ranges`) turned into the edge cases a check tries: the first and last address of
 * every range (an IPv4 one also IPv4-mapped and IPv4-compatible in IPv6), the public addresses
 * just outside each range, and well-known public addresses.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import ipaddr from 'ipaddr.js';
import { parse } from 'yaml';
import { isRecord } from './shapes.js';

export const SERVICE_SPEC_PATH = fileURLToPath(new URL('../../spec/service.openapi.yaml', import.meta.url));

export interface AddressCase {
  /** The host as written in a URL (an IPv6 address in brackets). */
  host: string;
  /** Whether a server with the policy refuses it. */
  refused: boolean;
  /** Why, for messages: the range it is in, or the range it is next to. */
  why: string;
}

/** The ranges of `x-svc-refused-ranges`, as written (`10.0.0.0/8`). */
export async function loadRefusedRanges(path: string = SERVICE_SPEC_PATH): Promise<string[]> {
  const spec: unknown = parse(await readFile(path, 'utf8'));
  const schemas = isRecord(spec) && isRecord(spec['components']) && isRecord(spec['components']['schemas']) ? spec['components']['schemas'] : {};
  const input = schemas['WebhookInput'];
  const url = isRecord(input) && isRecord(input['properties']) ? input['properties']['url'] : undefined;
  const ranges = isRecord(url) ? url['x-svc-refused-ranges'] : undefined;
  if (!Array.isArray(ranges) || ranges.length === 0 || !ranges.every((r) => typeof r === 'string' && ipaddr.isValidCIDR(r))) {
    throw new Error(`${path}: components.schemas.WebhookInput.properties.url has no list of CIDR ranges in x-svc-refused-ranges`);
  }
  return ranges as string[];
}

interface Range {
  cidr: string;
  kind: 'ipv4' | 'ipv6';
  first: bigint;
  last: bigint;
}

const BITS = { ipv4: 32, ipv6: 128 } as const;

function toBig(bytes: number[]): bigint {
  return bytes.reduce((n, b) => (n << 8n) | BigInt(b), 0n);
}

function fromBig(n: bigint, kind: 'ipv4' | 'ipv6'): ipaddr.IPv4 | ipaddr.IPv6 {
  const bytes: number[] = [];
  for (let i = 0; i < BITS[kind] / 8; i++) bytes.unshift(Number((n >> BigInt(8 * i)) & 0xffn));
  return ipaddr.fromByteArray(bytes);
}

function rangeOf(cidr: string): Range {
  const [address, prefix] = ipaddr.parseCIDR(cidr);
  const kind = address.kind();
  const bits = BITS[kind];
  const size = 1n << BigInt(bits - prefix);
  const first = (toBig(address.toByteArray()) / size) * size;
  return { cidr, kind, first, last: first + size - 1n };
}

function urlHost(ip: ipaddr.IPv4 | ipaddr.IPv6): string {
  return ip.kind() === 'ipv6' ? `[${ip.toString()}]` : ip.toString();
}

/** IPv6 addresses that embed an IPv4 one (::/96, ::ffff:0:0/96) are judged by it: no "public" neighbour there. */
function embedsIPv4(n: bigint): boolean {
  return n >> 32n === 0n || n >> 32n === 0xffffn;
}

/**
 * Well-known public addresses the ranges must not catch, in the spellings a policy may get wrong:
 * IPv6 ones with runs of zero groups (which look IPv4-compatible to a sloppy test), and public IPv4
 * addresses IPv4-mapped and IPv4-compatible.
 */
export const PUBLIC_HOSTS: readonly string[] = [
  '8.8.8.8',
  '1.1.1.1',
  '[2606:4700:4700::1111]',
  '[2001:4860:4860::8888]',
  '[2a00:1450::1]',
  '[2a00:1450::2]',
  '[2a00::2]',
  '[::ffff:8.8.8.8]',
  '[::8.8.8.8]',
  // 10.0.0.1 in the last two groups, one of the six before them not zero: neither IPv4-compatible
  // (::/96) nor IPv4-mapped (::ffff:0:0/96), so in no range.
  '[0:1::a00:1]',
  '[0:0:1::a00:1]',
  '[0:0:0:1::a00:1]',
  '[::1:0:a00:1]',
  '[::1:a00:1]',
];

/**
 * The cases for a list of ranges: per range its first and last address (refused), for an IPv4
 * range also both IPv4-mapped and IPv4-compatible, and the addresses just below and above it that
 * lie in no range (accepted).
 */
export function addressCases(cidrs: readonly string[]): AddressCase[] {
  const ranges = cidrs.map(rangeOf);
  const inAny = (n: bigint, kind: 'ipv4' | 'ipv6') => ranges.some((r) => r.kind === kind && r.first <= n && n <= r.last);
  const cases: AddressCase[] = [];
  const seen = new Set<string>();
  const add = (c: AddressCase) => {
    if (seen.has(c.host)) return;
    seen.add(c.host);
    cases.push(c);
  };
  for (const r of ranges) {
    const first = fromBig(r.first, r.kind);
    const last = fromBig(r.last, r.kind);
    add({ host: urlHost(first), refused: true, why: `the first address of ${r.cidr}` });
    add({ host: urlHost(last), refused: true, why: `the last address of ${r.cidr}` });
    if (r.kind === 'ipv4') {
      add({ host: `[::ffff:${first.toString()}]`, refused: true, why: `the first address of ${r.cidr}, IPv4-mapped` });
      add({ host: `[::ffff:${last.toString()}]`, refused: true, why: `the last address of ${r.cidr}, IPv4-mapped` });
      if (r.last > 1n) add({ host: `[::${last.toString()}]`, refused: true, why: `the last address of ${r.cidr}, IPv4-compatible` });
      // ::0.0.0.0 and ::0.0.0.1 are :: and ::1 (IPv6 ranges of their own): take the third address there.
      // The first address has a zero last group (10.0.0.0 is ::a00:0), the third one a first group of zero.
      const early = r.first > 1n ? r.first : r.first + 2n;
      add({ host: `[::${fromBig(early, 'ipv4').toString()}]`, refused: true, why: `${early === r.first ? 'the first' : 'the third'} address of ${r.cidr}, IPv4-compatible` });
    }
    const top = (1n << BigInt(BITS[r.kind])) - 1n;
    for (const [n, side] of [
      [r.first - 1n, 'below'],
      [r.last + 1n, 'above'],
    ] as const) {
      if (n < 0n || n > top || inAny(n, r.kind) || (r.kind === 'ipv6' && embedsIPv4(n))) continue;
      add({ host: urlHost(fromBig(n, r.kind)), refused: false, why: `the public address just ${side} ${r.cidr}` });
    }
  }
  for (const host of PUBLIC_HOSTS) add({ host, refused: false, why: 'a well-known public address' });
  return cases;
}
