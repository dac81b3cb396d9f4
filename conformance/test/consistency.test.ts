// The cross-surface consistency check (conformance/src/checks/consistency) against the reference
// server, once per storage (pg-mem, and PostgreSQL when DATABASE_URL is set), and against the
// same server behind a proxy that changes one field in GraphQL answers only: the check must pass
// on the first and fail on the second, naming that field.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consistencyChecks } from '../src/checks/consistency/index.js';
import { runChecks, type RunSummary } from '../src/runner.js';
import { isRecord } from '../src/shapes.js';
import type { RunningServer } from '../../server/src/index.js';
import { startTestServer, storages } from '../../server/test/storages.js';

const seed = Number(process.env.SVC_SEED ?? 20261123);
const numRuns = Number(process.env.SVC_RUNS ?? 25);

function run(baseUrl: string, token: string, runs = numRuns): Promise<RunSummary> {
  return runChecks({ target: 'server', baseUrl, token, seed, numRuns: runs, only: ['consistency.cross-surface'], checks: consistencyChecks });
}

async function body(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A proxy in front of `upstream` that passes everything through, except that in GraphQL answers
 * every object's `count` (the Items' `Count` field) is changed: a number gets one more, null becomes 7.
 */
async function startSkewingProxy(upstream: string): Promise<{ baseUrl: string; skewed: () => number; close: () => Promise<void> }> {
  let skewed = 0;
  const skew = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(skew);
    else if (isRecord(value)) {
      if ('count' in value) {
        value['count'] = typeof value['count'] === 'number' ? value['count'] + 1 : 7;
        skewed += 1;
      }
      Object.values(value).forEach(skew);
    }
  };
  const server: Server = createServer((req, res) => {
    void (async () => {
      const input = await body(req);
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (value !== undefined && !['host', 'connection', 'content-length', 'transfer-encoding'].includes(name)) headers[name] = Array.isArray(value) ? value.join(', ') : value;
      }
      const answer = await fetch(`${upstream}${req.url ?? '/'}`, { method: req.method ?? 'GET', headers, ...(input.length > 0 ? { body: new Uint8Array(input) } : {}), redirect: 'manual' });
      let out = Buffer.from(await answer.arrayBuffer());
      if ((req.url ?? '').startsWith('/api/graphql/space/') && (answer.headers.get('content-type') ?? '').includes('json')) {
        const json: unknown = JSON.parse(out.toString('utf8'));
        if (isRecord(json)) skew(json['data']);
        out = Buffer.from(JSON.stringify(json));
      }
      answer.headers.forEach((value, name) => {
        if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive'].includes(name)) res.setHeader(name, value);
      });
      res.statusCode = answer.status;
      res.end(out);
    })().catch((error: unknown) => {
      res.statusCode = 502;
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    skewed: () => skewed,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

describe.each(storages)('consistency.cross-surface against the reference server on $name', (storage) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(storage);
  });
  afterAll(() => server?.close());

  it('passes: the command API, GraphQL and webhook deliveries agree on every field', async () => {
    const summary = await run(server.baseUrl, server.token);
    const failures = summary.failures.map((f) => [`${f.level} ${f.id}: ${f.message ?? ''}`, f.details?.counterexample, f.details?.curl].filter(Boolean).join('\n'));
    expect(failures, failures.join('\n\n')).toEqual([]);
    expect(summary.results.map((r) => r.verdict)).toEqual(['pass']);
  });

  it('fails against a server whose GraphQL answers disagree on one field, naming it with the values and a curl line', async () => {
    const proxy = await startSkewingProxy(server.baseUrl);
    try {
      const summary = await run(proxy.baseUrl, server.token, 5);
      expect(proxy.skewed()).toBeGreaterThan(0);
      const [result] = summary.results;
      expect(result?.verdict, result?.message).toBe('fail');
      const message = result?.message ?? '';
      expect(message).toMatch(/\/Count \(GraphQL field count\) is not the same on every surface/);
      expect(message).toMatch(/command API \(svc\.entity\/query\): /);
      expect(message).toMatch(/GraphQL \(findItems\): /);
      expect(message).toMatch(/webhook/);
      expect(message).toMatch(/GraphQL \(findItems\) disagrees/);
      expect(result?.details?.curl).toMatch(/^curl .*\/api\/graphql\/space\//);
      expect(result?.details?.counterexample).toBeDefined();
    } finally {
      await proxy.close();
    }
  });

  it('leaves no Database and no webhook behind, whether it passed or failed', async () => {
    const headers = { authorization: `Token ${server.token}`, 'content-type': 'application/json' };
    const schema = await fetch(`${server.baseUrl}/api/commands`, { method: 'POST', headers, body: JSON.stringify({ command: 'svc.schema/query', args: {} }) });
    const text = await schema.text();
    expect(text).not.toMatch(/"Conf\d+x[0-9a-f]{8}\//);
    const hooks = await fetch(`${server.baseUrl}/api/webhooks/v2`, { headers });
    expect(await hooks.json()).toEqual([]);
  });
});
