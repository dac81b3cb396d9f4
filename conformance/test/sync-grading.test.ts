// How the sync checks grade and wait. "If supported, then correct" for the keep-unsynced option:
// a server that refuses it with the named error is graded SHOULD (a warning), one that accepts it
// and applies it wrongly fails the run (reference server on pg-mem behind a proxy). And every wait
// of a sync check is bounded: it fails within its bound, or before the check's deadline, naming
// what it waited for and the last state it saw.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckFailure, type CheckContext } from '../src/check.js';
import { OPTION_UNSUPPORTED } from '../src/checks/sync/keep-unsynced.js';
import { WAIT_MARGIN_MS, waitFor } from '../src/checks/sync/wait.js';
import type { Fault, ProxiedRequest, ProxiedResponse } from '../src/faults/fault.js';
import { startFaultProxy, type FaultProxy } from '../src/faults/proxy.js';
import { HttpClient } from '../src/http.js';
import { runChecks, type RunSummary } from '../src/runner.js';
import type { RunningServer } from '../../server/src/index.js';
import { startTestServer } from '../../server/test/storages.js';

const SOURCE_PATH = /^\/api\/integrations\/sources\/[^/?]+$/;

function json(status: number, body: unknown): ProxiedResponse {
  return { status, headers: { 'content-type': 'application/json' }, body: Buffer.from(JSON.stringify(body)), json: body };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const turnsKeepOn = (req: ProxiedRequest) => req.method === 'PATCH' && SOURCE_PATH.test(req.path) && isRecord(req.json) && req.json['keepUnsynced'] === true;

/** A server without the option: PATCH {keepUnsynced: true} is refused with the named error. */
const lacksKeepUnsynced: Fault = {
  id: 'test.lacks-keep-unsynced',
  target: 'server',
  area: 'sync',
  breaks: 'SYNC-009',
  description: 'refuses the keep-unsynced option with integration.error/option-unsupported',
  inbound: {
    reply(req) {
      if (!turnsKeepOn(req)) return undefined;
      return json(400, { name: OPTION_UNSUPPORTED, message: 'This server has no keep-unsynced option.', data: { field: 'keepUnsynced' } });
    },
  },
};

/** A server that says it keeps unsynced data but does not: the option is dropped on the way in and shown on the way out. */
const ignoresKeepUnsynced: Fault = {
  id: 'test.ignores-keep-unsynced',
  target: 'server',
  area: 'sync',
  breaks: 'SYNC-009',
  description: 'accepts keepUnsynced true, shows it, and removes undelivered Entities all the same',
  inbound: {
    request(req) {
      if (!turnsKeepOn(req) || !isRecord(req.json)) return;
      req.json['keepUnsynced'] = false;
      req.headers['x-test-rewritten'] = 'keepUnsynced';
    },
    response(res, req, state) {
      if (!SOURCE_PATH.test(req.path) || !isRecord(res.json) || !('keepUnsynced' in res.json)) return;
      if (req.headers['x-test-rewritten'] === 'keepUnsynced') state.set('shown', true);
      else if (req.method === 'PATCH') state.set('shown', false);
      if (state.get('shown') === true) res.json['keepUnsynced'] = true;
    },
  },
};

describe('sync.keep-unsynced: if supported, then correct (reference server on pg-mem behind a proxy)', () => {
  let server: RunningServer;
  let proxy: FaultProxy;
  beforeAll(async () => {
    server = await startTestServer({ name: 'pg-mem' }, { appAllow: ['127.0.0.1'], integrations: { timeoutMs: 3000 } });
    proxy = await startFaultProxy({ upstream: server.baseUrl });
  });
  afterAll(async () => {
    await proxy?.close();
    await server?.close();
  });

  const run = (): Promise<RunSummary> => runChecks({ target: 'server', baseUrl: proxy.url, token: server.token, seed: 7, numRuns: 1, profile: 'quick', only: ['sync.keep-unsynced'], timeoutMs: 30_000 });

  it('passes through a proxy without a fault', async () => {
    proxy.setFault(undefined);
    const summary = await run();
    expect(summary.results[0], summary.results[0]?.message).toMatchObject({ verdict: 'pass' });
  });

  it('a server that refuses the option with the named error is unsupported (a warning), and the run stays conformant', async () => {
    proxy.setFault(lacksKeepUnsynced);
    const summary = await run();
    expect(summary.results[0], summary.results[0]?.message).toMatchObject({ verdict: 'unsupported', outcome: 'warn' });
    expect(summary.results[0]?.message).toContain('keep-unsynced');
    expect(summary.conformant).toBe(true);
  });

  it('a server that accepts the option and removes undelivered Entities all the same fails the run', async () => {
    proxy.setFault(ignoresKeepUnsynced);
    const summary = await run();
    expect(summary.results[0], summary.results[0]?.message).toMatchObject({ verdict: 'fail', outcome: 'fail' });
    expect(summary.results[0]?.message).toContain('SYNC-009');
    expect(summary.conformant).toBe(false);
  });
});

describe('bounded waits of the sync checks', () => {
  const context = (deadline: number): CheckContext => ({
    baseUrl: 'http://127.0.0.1:9',
    token: 't',
    http: new HttpClient({ baseUrl: 'http://127.0.0.1:9', token: 't' }),
    fastCheck: { seed: 1, numRuns: 1 },
    profile: 'quick',
    deadline,
    log: () => undefined,
  });

  it('answers the value once the probe finds it', async () => {
    let looks = 0;
    const value = await waitFor(context(Date.now() + 60_000), 'the third look', () => ({ value: ++looks >= 3 ? looks : undefined, seen: `look ${looks}` }), { boundMs: 5_000, stepMs: 1 });
    expect(value).toBe(3);
  });

  it('fails within its bound, naming what it waited for and the last state seen', async () => {
    let looks = 0;
    const started = Date.now();
    const waiting = waitFor(context(Date.now() + 60_000), 'run 7 of source s1 ending', () => ({ value: undefined, seen: `status "running" (look ${++looks})` }), { boundMs: 300, stepMs: 20 });
    const error = await waiting.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CheckFailure);
    expect((error as Error).message).toMatch(/^run 7 of source s1 ending did not happen within 0\.\d s \(its bound\); last seen: status "running" \(look \d+\)$/);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("stops before the check's deadline (less a margin for the reads that explain it), whatever its own bound", async () => {
    const started = Date.now();
    const error = await waitFor(context(Date.now() + WAIT_MARGIN_MS + 300), 'an event run', () => ({ value: undefined, seen: 'no event run' }), { boundMs: 60_000, stepMs: 20 }).catch((e: unknown) => e);
    expect((error as Error).message).toContain("(the check's time limit); last seen: no event run");
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
