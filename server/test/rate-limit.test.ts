// The per-token request limit (HTTP-010, CMD-ERR-007): a sliding window of N requests per S
// seconds per token, 429 `rate.error/too-many-requests` with Retry-After beyond it, off by
// default. The window is tested on a clock the test moves (no waiting).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/index.js';
import { parseRateLimit, RateLimiter } from '../src/http/rate-limit.js';
import { startTestServer, storages } from './storages.js';

describe('SVC_RATE_LIMIT', () => {
  it('reads <requests>/<seconds>, and off or nothing as no limit', () => {
    expect(parseRateLimit('600/60')).toEqual({ requests: 600, seconds: 60 });
    expect(parseRateLimit(' 5/1 ')).toEqual({ requests: 5, seconds: 1 });
    expect(parseRateLimit(undefined)).toBeUndefined();
    expect(parseRateLimit('')).toBeUndefined();
    expect(parseRateLimit('off')).toBeUndefined();
  });

  it('refuses other forms and values out of bounds, naming the problem', () => {
    expect(() => parseRateLimit('600')).toThrow(/<requests>\/<seconds>/);
    expect(() => parseRateLimit('600/1m')).toThrow(/<requests>\/<seconds>/);
    expect(() => parseRateLimit('-1/5')).toThrow(/<requests>\/<seconds>/);
    expect(() => parseRateLimit('0/5')).toThrow(/requests must be 1 to 100000/);
    expect(() => parseRateLimit('100001/5')).toThrow(/requests must be/);
    expect(() => parseRateLimit('5/0')).toThrow(/seconds must be 1 to 86400/);
    expect(() => parseRateLimit('5/86401')).toThrow(/seconds must be/);
  });
});

describe('RateLimiter', () => {
  let now = 0;
  const clock = () => now;

  it('allows N requests in any S seconds; the next gets the seconds until the oldest leaves the window', () => {
    now = 0;
    const limiter = new RateLimiter({ requests: 3, seconds: 10 }, clock);
    for (const at of [0, 1_000, 2_000]) {
      now = at;
      expect(limiter.hit('a')).toEqual({ allowed: true });
    }
    now = 2_500;
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfter: 8 });
    // A refused request does not count: the oldest still leaves at 10 s.
    now = 9_999;
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfter: 1 });
    now = 10_000;
    expect(limiter.hit('a')).toEqual({ allowed: true });
    // The window slides: 1 s, 2 s and 10 s are in it now.
    now = 10_500;
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfter: 1 });
    now = 11_000;
    expect(limiter.hit('a')).toEqual({ allowed: true });
  });

  it('counts each token on its own', () => {
    now = 0;
    const limiter = new RateLimiter({ requests: 1, seconds: 60 }, clock);
    expect(limiter.hit('a')).toEqual({ allowed: true });
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfter: 60 });
    expect(limiter.hit('b')).toEqual({ allowed: true });
  });

  it('forgets tokens idle for a window (bounded memory)', () => {
    now = 0;
    const limiter = new RateLimiter({ requests: 2, seconds: 5 }, clock);
    for (let i = 0; i < 100; i++) limiter.hit(`token-${i}`);
    expect(limiter.size()).toBe(100);
    now = 5_000;
    limiter.hit('fresh');
    expect(limiter.size()).toBe(1);
  });

  it('tracks at most 10,000 tokens, forgetting the least recently seen', () => {
    now = 0;
    const limiter = new RateLimiter({ requests: 1, seconds: 60 }, clock);
    for (let i = 0; i < 10_050; i++) limiter.hit(`token-${i}`);
    expect(limiter.size()).toBe(10_000);
    // token-0 was forgotten: it is served again; token-10049 was not.
    expect(limiter.hit('token-10049').allowed).toBe(false);
    expect(limiter.hit('token-0').allowed).toBe(true);
  });
});

describe.each(storages)('the per-token limit over HTTP on $name', (storage) => {
  let server: RunningServer;
  const READER = 'reader-token-of-the-rate-limit-test';

  const send = (path: string, token: string, body?: unknown) =>
    fetch(server.baseUrl + path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Token ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  beforeAll(async () => {
    server = await startTestServer(storage, { readerToken: READER, rateLimit: { requests: 3, seconds: 3_600 }, retentionTimer: false });
  });
  afterAll(() => server?.close());

  it('serves N requests of a token, then answers 429 with Retry-After and the named error in each endpoint form', async () => {
    for (let i = 0; i < 3; i++) expect((await send('/api/webhooks/v2', server.token)).status).toBe(200);
    const listed = await send('/api/webhooks/v2', server.token);
    expect(listed.status).toBe(429);
    const retryAfter = Number(listed.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(3_590);
    expect(retryAfter).toBeLessThanOrEqual(3_600);
    expect(await listed.json()).toEqual({
      name: 'rate.error/too-many-requests',
      message: expect.stringMatching(/3 requests in the last 3600 s/),
      data: { retryAfter, requests: 3, seconds: 3_600 },
    });
    // The command API: the envelope.
    const command = await send('/api/commands', server.token, { command: 'svc.schema/query' });
    expect(command.status).toBe(429);
    expect(command.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await command.json()).toMatchObject({ success: false, result: { name: 'rate.error/too-many-requests', data: { requests: 3, seconds: 3_600 } } });
    // GraphQL: ErrorBody, as a 401.
    const graphql = await send('/api/graphql/space/Demo', server.token, { query: '{ __typename }' });
    expect(graphql.status).toBe(429);
    expect(await graphql.json()).toMatchObject({ name: 'rate.error/too-many-requests' });
  });

  it('limits each token on its own; a request without a valid token is answered 401, not 429', async () => {
    expect((await send('/api/webhooks/v2', READER)).status).not.toBe(429);
    expect((await send('/api/webhooks/v2', 'not-a-token')).status).toBe(401);
    expect((await fetch(`${server.baseUrl}/api/webhooks/v2`)).status).toBe(401);
  });
});

describe.each(storages)('no limit by default on $name', (storage) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(storage, { retentionTimer: false });
  });
  afterAll(() => server?.close());

  it('serves a burst of requests of one token', async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < 40; i++) {
      const res = await fetch(`${server.baseUrl}/api/schema`, { headers: { authorization: `Token ${server.token}` } });
      statuses.add(res.status);
      await res.arrayBuffer();
    }
    expect([...statuses]).toEqual([200]);
  });
});
