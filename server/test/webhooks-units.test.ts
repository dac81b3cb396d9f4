// The pieces of webhook delivery on their own: signing (a Standard Webhooks test vector), the
// address policy, the retry schedule, and one attempt's time-out, size bound and name resolution.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { retryDelayMs, retrySchedule } from '../src/webhooks/schedule.js';
import { postDelivery } from '../src/webhooks/sender.js';
import { newSecret, sign, signatureHeaders, verify } from '../src/webhooks/signing.js';
import { REFUSED_V4, REFUSED_V6, TargetPolicy } from '../src/webhooks/target-policy.js';
import { loadRefusedRanges } from '../../conformance/src/refused-addresses.js';

describe('signing', () => {
  it('matches the Standard Webhooks reference signature', () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    expect(sign(secret, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}')).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('signs every attempt over id, timestamp and body; verifies with the secret only', () => {
    const secret = newSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const headers = signatureHeaders(secret, 'msg_1', '{"a":1}', 1_700_000_000_123);
    expect(headers['webhook-timestamp']).toBe('1700000000');
    expect(verify(secret, 'msg_1', '1700000000', '{"a":1}', headers['webhook-signature'] as string)).toBe(true);
    expect(verify(secret, 'msg_1', '1700000000', '{"a":2}', headers['webhook-signature'] as string)).toBe(false);
    expect(verify(newSecret(), 'msg_1', '1700000000', '{"a":1}', headers['webhook-signature'] as string)).toBe(false);
  });
});

describe('target policy', () => {
  it('refuses private, loopback, link-local and reserved addresses, allows public ones', () => {
    const policy = new TargetPolicy();
    for (const a of ['127.0.0.1', '10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '::1', '::', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1']) {
      expect(policy.allows(a), a).toBe(false);
    }
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(policy.allows(a), a).toBe(true);
    expect(policy.allows('not an address')).toBe(false);
  });

  it('refuses exactly the ranges the spec lists (x-svc-refused-ranges)', async () => {
    const own = [...REFUSED_V4, ...REFUSED_V6].map(([net, prefix]) => `${net}/${prefix}`);
    expect(own).toEqual(await loadRefusedRanges());
  });

  it('judges an IPv6 address that embeds an IPv4 one by the IPv4 address, in every spelling', () => {
    const policy = new TargetPolicy(['127.0.0.1']);
    for (const a of ['::ffff:a00:1', '::ffff:10.0.0.1', '::10.0.0.1', '::a00:1', '[::7f00:2]', '::0.0.0.2', '::ffff:0:0']) expect(policy.allows(a), a).toBe(false);
    for (const a of ['::8.8.8.8', '::808:808', '::ffff:808:808', '::ffff:127.0.0.1', '::127.0.0.1']) expect(policy.allows(a), a).toBe(true);
  });

  it('allows what the allow-list names: addresses and CIDR ranges', () => {
    const policy = new TargetPolicy(['127.0.0.1', '10.0.0.0/8', '::1']);
    expect(policy.allows('127.0.0.1')).toBe(true);
    expect(policy.allows('127.0.0.2')).toBe(false);
    expect(policy.allows('10.200.3.4')).toBe(true);
    expect(policy.allows('::1')).toBe(true);
    expect(policy.allows('192.168.0.1')).toBe(false);
    expect(() => new TargetPolicy(['nonsense'])).toThrow(/allow-list/);
    expect(() => new TargetPolicy(['10.0.0.0/40'])).toThrow(/prefix/);
  });
});

describe('retry schedule', () => {
  it('doubles from baseMs up to maxMs, with up to half taken off at random', () => {
    const s = retrySchedule({ baseMs: 100, maxMs: 1000, attempts: 5 });
    expect([1, 2, 3, 4, 5, 9].map((n) => retryDelayMs(s, n, () => 1))).toEqual([100, 200, 400, 800, 1000, 1000]);
    expect([1, 2, 3].map((n) => retryDelayMs(s, n, () => 0))).toEqual([50, 100, 200]);
    expect(retrySchedule({ attempts: 0 }).attempts).toBe(1);
  });
});

describe('one attempt', () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise<void>((resolve) => {
      if (!server) return resolve();
      server.close(() => resolve());
      server.closeAllConnections();
    });
    server = undefined;
  });
  async function serve(handler: Parameters<typeof createServer>[1]): Promise<number> {
    server = createServer(handler);
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', () => resolve()));
    return (server.address() as AddressInfo).port;
  }
  const allowLoopback = new TargetPolicy(['127.0.0.1']);
  const options = { policy: allowLoopback, timeoutMs: 300, maxResponseBytes: 1024 };

  it('gives up after the time-out with status 0', async () => {
    const port = await serve(() => undefined);
    const result = await postDelivery(`http://127.0.0.1:${port}/`, {}, '{}', options);
    expect(result.status).toBe(0);
    expect(result.elapsedMs).toBeGreaterThanOrEqual(280);
    expect(result.elapsedMs).toBeLessThan(2000);
  });

  it('keeps the status of an answer that never ends, cutting it off at the size bound', async () => {
    const port = await serve((_req, res) => {
      res.writeHead(200);
      const chunk = 'x'.repeat(512);
      const timer = setInterval(() => res.write(chunk), 5);
      res.on('close', () => clearInterval(timer));
    });
    const result = await postDelivery(`http://127.0.0.1:${port}/`, {}, '{}', options);
    expect(result.status).toBe(200);
    expect(result.elapsedMs).toBeLessThan(300);
  });

  it('does not follow a redirect (its status counts as a failure)', async () => {
    let hits = 0;
    const port = await serve((_req, res) => {
      hits += 1;
      res.writeHead(302, { location: 'http://127.0.0.1:1/' });
      res.end();
    });
    expect((await postDelivery(`http://127.0.0.1:${port}/`, {}, '{}', options)).status).toBe(302);
    expect(hits).toBe(1);
  });

  it('checks the address a host name resolves to when it connects (DNS rebinding)', async () => {
    let hits = 0;
    const port = await serve((_req, res) => {
      hits += 1;
      res.end();
    });
    const refused = await postDelivery(`http://localhost:${port}/`, {}, '{}', { ...options, policy: new TargetPolicy() });
    expect(refused).toMatchObject({ status: 0, error: 'ESVCREFUSED' });
    expect((await postDelivery(`http://127.0.0.1:${port}/`, {}, '{}', { ...options, policy: new TargetPolicy() })).status).toBe(0);
    expect(hits).toBe(0);
    expect((await postDelivery(`http://localhost:${port}/`, {}, '{}', options)).status).toBe(200);
    expect(hits).toBe(1);
  });

  it('is refused (status 0) when nothing listens', async () => {
    const port = await serve(() => undefined);
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    server = undefined;
    expect((await postDelivery(`http://127.0.0.1:${port}/`, {}, '{}', options)).status).toBe(0);
  });
});
