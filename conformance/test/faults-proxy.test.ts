// The fault proxy (conformance/src/faults/proxy.ts) against tiny node:http upstreams: transparent
// without a fault, hooks that rewrite requests and answers, the outbound relay of callback
// addresses, its limits (413, 502) and what it does when a hook throws.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import type { Fault } from '../src/faults/fault.js';
import { relayTarget, startFaultProxy, type FaultProxy } from '../src/faults/proxy.js';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

interface Upstream {
  url: string;
  seen: Seen[];
  close(): Promise<void>;
}

type Handler = (seen: Seen, res: ServerResponse) => void | Promise<void>;

const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function upstream(handler: Handler): Promise<Upstream> {
  const seen: Seen[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      seen.push(request);
      void handler(request, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  cleanups.push(close);
  return { url: `http://127.0.0.1:${port}`, seen, close };
}

async function proxyFor(target: string, fault?: Fault, extra: { maxBodyBytes?: number } = {}): Promise<FaultProxy> {
  const proxy = await startFaultProxy({ upstream: target, ...(fault ? { fault } : {}), ...extra });
  cleanups.push(() => proxy.close());
  return proxy;
}

function fault(hooks: Pick<Fault, 'inbound' | 'outbound'>): Fault {
  return { id: 'test.fault', target: 'server', area: 'test', breaks: 'TEST-001', description: 'a test fault', ...hooks };
}

/** Answers a fixed reply: status 418, two custom headers, JSON with odd spacing (so a re-serialization would show). */
const fixed: Handler = (_seen, res) => {
  res.statusCode = 418;
  res.setHeader('content-type', 'application/json');
  res.setHeader('x-upstream', 'yes');
  res.setHeader('set-cookie', ['a=1', 'b=2']);
  res.end('{ "answer" :  42 ,"list":[ 1,2 ] }');
};

describe('the fault proxy without a fault', () => {
  it('forwards method, path, query, headers and body bytes unchanged, and the answer as it came', async () => {
    const up = await upstream(fixed);
    const proxy = await proxyFor(up.url);
    const body = '{ "command" : "svc.schema/query",\n "args": {} }';
    const res = await fetch(`${proxy.url}/api/commands?x=1&y=%20z`, {
      method: 'POST',
      headers: { authorization: 'Token abc', 'content-type': 'application/json', 'webhook-signature': 'v1,xyz', 'x-custom': 'kept' },
      body,
    });
    expect(res.status).toBe(418);
    expect(res.headers.get('x-upstream')).toBe('yes');
    expect(res.headers.get('set-cookie')).toBe('a=1, b=2');
    expect(await res.text()).toBe('{ "answer" :  42 ,"list":[ 1,2 ] }');
    const [seen] = up.seen;
    expect(seen?.method).toBe('POST');
    expect(seen?.url).toBe('/api/commands?x=1&y=%20z');
    expect(seen?.headers['authorization']).toBe('Token abc');
    expect(seen?.headers['webhook-signature']).toBe('v1,xyz');
    expect(seen?.headers['x-custom']).toBe('kept');
    expect(seen?.headers['host']).toBe(new URL(up.url).host);
    expect(seen?.body.toString('utf8')).toBe(body);
  });

  it('passes binary bodies and GET requests without a body', async () => {
    const bytes = Buffer.from([0, 1, 2, 254, 255, 10, 13]);
    const up = await upstream((seen, res) => {
      res.setHeader('content-type', 'application/octet-stream');
      res.end(seen.method === 'GET' ? bytes : seen.body);
    });
    const proxy = await proxyFor(up.url);
    const get = await fetch(`${proxy.url}/file`);
    expect(Buffer.from(await get.arrayBuffer())).toEqual(bytes);
    expect(up.seen[0]?.headers['content-length']).toBeUndefined();
    const put = await fetch(`${proxy.url}/file`, { method: 'PUT', headers: { 'content-type': 'application/octet-stream' }, body: bytes });
    expect(Buffer.from(await put.arrayBuffer())).toEqual(bytes);
    expect(up.seen[1]?.body).toEqual(bytes);
  });
});

describe('fault hooks', () => {
  it('a response hook rewrites the JSON answer, with its Content-Length fixed', async () => {
    const up = await upstream(fixed);
    const proxy = await proxyFor(
      up.url,
      fault({
        inbound: {
          response(res) {
            (res.json as Record<string, unknown>)['answer'] = 'forty-two, and much longer';
            res.status = 200;
          },
        },
      }),
    );
    const res = await fetch(`${proxy.url}/x`);
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(JSON.parse(text)).toEqual({ answer: 'forty-two, and much longer', list: [1, 2] });
    expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(text));
    expect(res.headers.get('x-upstream')).toBe('yes');
  });

  it('a response hook reads a gzip-encoded JSON answer, which then goes out decoded', async () => {
    const up = await upstream((_seen, res) => {
      res.setHeader('content-type', 'application/json');
      res.setHeader('content-encoding', 'gzip');
      res.end(gzipSync('{"items":[1,2,3]}'));
    });
    const proxy = await proxyFor(
      up.url,
      fault({
        inbound: {
          response(res) {
            (res.json as { items: number[] }).items.pop();
          },
        },
      }),
    );
    const res = await fetch(`${proxy.url}/data`);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.json()).toEqual({ items: [1, 2] });
  });

  it('a request hook rewrites the JSON body and the path; a hook that changes nothing leaves the bytes alone', async () => {
    const up = await upstream((seen, res) => {
      res.end(seen.body);
    });
    const proxy = await proxyFor(
      up.url,
      fault({
        inbound: {
          request(req) {
            const json = req.json as Record<string, unknown>;
            if (json['change'] === true) {
              json['changed'] = 'yes';
              req.path = '/elsewhere?format=md';
            }
          },
        },
      }),
    );
    const send = (body: string) => fetch(`${proxy.url}/here`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(JSON.parse(await (await send('{"change": true}')).text())).toEqual({ change: true, changed: 'yes' });
    expect(up.seen[0]?.url).toBe('/elsewhere?format=md');
    expect(Number(up.seen[0]?.headers['content-length'])).toBe(up.seen[0]?.body.length);
    expect(await (await send('{ "change" : false }')).text()).toBe('{ "change" : false }');
    expect(up.seen[1]?.url).toBe('/here');
  });

  it('a reply hook answers without forwarding, and keeps state until the fault is set again', async () => {
    const up = await upstream(fixed);
    const proxy = await proxyFor(
      up.url,
      fault({
        inbound: {
          reply(_req, state) {
            const n = ((state.get('n') as number | undefined) ?? 0) + 1;
            state.set('n', n);
            if (n === 1) return { status: 204, headers: {}, body: Buffer.alloc(0) };
          },
        },
      }),
    );
    expect((await fetch(`${proxy.url}/a`)).status).toBe(204);
    expect(up.seen).toHaveLength(0);
    expect((await fetch(`${proxy.url}/a`)).status).toBe(418);
    expect(up.seen).toHaveLength(1);
    proxy.setFault(undefined);
    expect((await fetch(`${proxy.url}/a`)).status).toBe(418);
    expect(up.seen).toHaveLength(2);
  });

  it('a hook that throws is answered 502 and reported in the proxy problems', async () => {
    const up = await upstream(fixed);
    const proxy = await proxyFor(
      up.url,
      fault({
        inbound: {
          response() {
            throw new Error('boom');
          },
        },
      }),
    );
    const res = await fetch(`${proxy.url}/x`);
    expect(res.status).toBe(502);
    expect(((await res.json()) as { name: string }).name).toBe('proxy.error/fault-hook');
    expect(proxy.problems.join('\n')).toContain('boom');
  });
});

describe('the outbound relay', () => {
  it('relays a webhook url through the proxy, writes it back in answers, and applies outbound hooks', async () => {
    const receiver = await upstream((_seen, res) => {
      res.statusCode = 202;
      res.end('{"ok":true}');
    });
    const registered: string[] = [];
    // The "server": stores the url it was given, answers it, and later calls it.
    const server = await upstream((seen, res) => {
      const body = JSON.parse(seen.body.toString('utf8')) as { url: string };
      registered.push(body.url);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ id: 1, url: body.url, note: `calls ${body.url}/sub` }));
    });
    const proxy = await proxyFor(
      server.url,
      fault({
        outbound: {
          request(req) {
            (req.json as Record<string, unknown>)['touched'] = true;
          },
          response(res) {
            res.status = 200;
          },
        },
      }),
    );
    const original = `${receiver.url}/hook-abc`;
    const add = await fetch(`${proxy.url}/api/webhooks/v2`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: original, type: 'S/T' }) });
    expect(await add.json()).toEqual({ id: 1, url: original, note: `calls ${original}/sub` });
    expect(registered[0]).toMatch(new RegExp(`^${proxy.url.replace(/[.:/]/g, '\\$&')}/__relay/\\d+$`));

    const delivery = await fetch(registered[0]!, { method: 'POST', headers: { 'content-type': 'application/json', 'webhook-id': 'msg_1', 'webhook-signature': 'v1,sig' }, body: '{"sequenceId": 1}' });
    expect(delivery.status).toBe(200);
    const [got] = receiver.seen;
    expect(got?.url).toBe('/hook-abc');
    expect(got?.headers['webhook-id']).toBe('msg_1');
    expect(got?.headers['webhook-signature']).toBe('v1,sig');
    expect(JSON.parse(got!.body.toString('utf8'))).toEqual({ sequenceId: 1, touched: true });
  });

  it('relays an app address with the rest of the path and query, and leaves addresses off loopback alone', async () => {
    const app = await upstream((_seen, res) => {
      res.end('{"items":[]}');
    });
    const given: string[] = [];
    const server = await upstream((seen, res) => {
      given.push((JSON.parse(seen.body.toString('utf8')) as { appUrl: string }).appUrl);
      res.end('{}');
    });
    const proxy = await proxyFor(server.url);
    const post = (appUrl: string) => fetch(`${proxy.url}/api/integrations/accounts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ appUrl, accountType: 'token' }) });
    await post(app.url);
    await post(app.url);
    await post('https://example.org/app');
    expect(given[0]).toBe(given[1]);
    expect(given[0]).not.toBe(app.url);
    expect(given[2]).toBe('https://example.org/app');
    const res = await fetch(`${given[0]}/api/v1/synchronizer/data?page=2`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(await res.text()).toBe('{"items":[]}');
    expect(app.seen[0]?.url).toBe('/api/v1/synchronizer/data?page=2');
    const unknown = await fetch(`${proxy.url}/__relay/99/x`);
    expect(unknown.status).toBe(404);
  });

  it('joins relay paths to the original address', () => {
    expect(relayTarget('http://127.0.0.1:1/hook', '').href).toBe('http://127.0.0.1:1/hook');
    expect(relayTarget('http://127.0.0.1:1', '/api/v1/x?y=1').href).toBe('http://127.0.0.1:1/api/v1/x?y=1');
    expect(relayTarget('http://127.0.0.1:1/base/', '/x').href).toBe('http://127.0.0.1:1/base/x');
    expect(relayTarget('http://127.0.0.1:1/h?a=1', '?b=2').href).toBe('http://127.0.0.1:1/h?a=1&b=2');
  });
});

describe('limits and failures', () => {
  it('answers 413 to a body over the limit, without forwarding it', async () => {
    const up = await upstream(fixed);
    const proxy = await proxyFor(up.url, undefined, { maxBodyBytes: 1024 });
    const ok = await fetch(`${proxy.url}/x`, { method: 'POST', body: 'a'.repeat(1024) });
    expect(ok.status).toBe(418);
    const res = await fetch(`${proxy.url}/x`, { method: 'POST', body: 'a'.repeat(1025) });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { name: string }).name).toBe('proxy.error/too-large');
    expect(up.seen).toHaveLength(1);
  });

  it('answers 502 {name, message} when the upstream is down', async () => {
    const up = await upstream(fixed);
    await up.close();
    const proxy = await proxyFor(up.url);
    const res = await fetch(`${proxy.url}/api/commands`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(502);
    const body = (await res.json()) as { name: string; message: string };
    expect(body.name).toBe('proxy.error/upstream-failed');
    expect(body.message).toContain(new URL(up.url).host);
  });

  it('passes an answer cut in the middle of its body on cut', async () => {
    const up = await upstream((_seen, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"items": [', () => res.destroy());
    });
    const proxy = await proxyFor(up.url);
    const res = await fetch(`${proxy.url}/data`);
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
  });
});
