import { execFile, execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckFailure, defineCheck, type Check, type CheckContext, type Level } from '../src/check.js';
import { workspaceChecks } from '../src/checks/index.js';
import { documentsChecks } from '../src/checks/documents/index.js';
import { filesChecks } from '../src/checks/files/index.js';
import { consistencyChecks } from '../src/checks/consistency/index.js';
import { graphqlChecks } from '../src/checks/graphql/index.js';
import { webhooksChecks } from '../src/checks/webhooks/index.js';
import { syncChecks } from '../src/checks/sync/index.js';
import { ExpectedFailuresError, loadExpectedFailures } from '../src/expected-failures.js';
import { emptyOutcomeCounts, grade } from '../src/grading.js';
import { HttpClient, toCurl } from '../src/http.js';
import { checkProperty } from '../src/property.js';
import { SelectionError } from '../src/registry.js';
import { buildReport } from '../src/reports/build.js';
import { traceability } from '../src/reports/traceability.js';
import { parseRequirements } from '../src/requirements.js';
import { SupportLedger } from '../src/support.js';
import { runChecks, type CheckResult, type OutcomeCounts, type RunSummary } from '../src/runner.js';
import { findStackTrace } from '../src/shapes.js';
import { Progress } from '../src/progress.js';
import { plainStyle } from '../src/report.js';
import type { ConformanceReport } from '../../generated/conformance/report.js';
import { startFakeServer, type Faults, type FakeServer } from './fake-server.js';

const run = promisify(execFile);
const BIN = fileURLToPath(new URL('../bin/svc-conformance.js', import.meta.url));

function hasProgram(name: string): boolean {
  try {
    execFileSync(name, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** What `sh` makes of a quoted word: the shell prints its only argument back. */
function shellEval(quoted: string): string {
  return execFileSync('bash', ['-c', `printf '%s' ${quoted}`], { encoding: 'utf8' });
}

function byId(summary: RunSummary, id: string): CheckResult {
  const result = summary.results.find((r) => r.id === id);
  if (!result) throw new Error(`no result for ${id}`);
  return result;
}

function describeFailures(summary: RunSummary): string {
  return summary.failures.map((r) => `${r.id}: ${r.message ?? ''}\n${r.details?.curl ?? ''}`).join('\n\n');
}

describe('toCurl', () => {
  it('renders method, URL, headers (Authorization included) and body', () => {
    const line = toCurl({
      method: 'POST',
      url: 'http://127.0.0.1:3000/api/commands',
      headers: { Authorization: 'Token abc', 'Content-Type': 'application/json' },
      body: '{"command":"svc.schema/query"}',
    });
    expect(line).toBe(
      `curl -sS -i -X POST 'http://127.0.0.1:3000/api/commands' -H 'Authorization: Token abc' -H 'Content-Type: application/json' --data-raw '{"command":"svc.schema/query"}'`,
    );
  });

  it('escapes single quotes the POSIX way', () => {
    const line = toCurl({ method: 'POST', url: 'http://h/x', headers: { 'Content-Type': 'application/json' }, body: `{"a":"it's"}` });
    expect(line).toContain(`--data-raw '{"a":"it'\\''s"}'`);
    expect(shellEval(`'{"a":"it'\\''s"}'`)).toBe(`{"a":"it's"}`);
  });

  it('removes the Content-Type curl would add when the request had none', () => {
    const line = toCurl({ method: 'POST', url: 'http://h/x', headers: {}, body: 'x' });
    expect(line).toContain(`-H 'Content-Type:'`);
  });

  it('leaves out the body of a request without one', () => {
    expect(toCurl({ method: 'GET', url: 'http://h/x', headers: {} })).toBe(`curl -sS -i -X GET 'http://h/x'`);
  });

  it.runIf(hasProgram('bash'))('quotes any string so that the shell gives it back unchanged', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'binary-ascii', maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 10 })).filter((s) => !s.includes('\u0000')), (body) => {
        const line = toCurl({ method: 'POST', url: 'http://h/x', headers: { 'Content-Type': 'text/plain' }, body });
        const quoted = line.slice(line.indexOf('--data-raw ') + '--data-raw '.length);
        expect(shellEval(quoted)).toBe(body);
      }),
      { numRuns: 100, seed: 7 },
    );
  });

  it('pipes bodies with NUL bytes through printf', () => {
    const line = toCurl({ method: 'POST', url: 'http://h/x', headers: { 'Content-Type': 'application/json' }, body: 'a\u0000b%c' });
    expect(line).toMatch(/^printf 'a\\000b%%c' \| curl .* --data-binary @-$/);
  });
});

describe('curl lines replay the exchange', () => {
  let server: FakeServer;
  beforeAll(async () => {
    server = await startFakeServer();
  });
  afterAll(() => server.close());

  it.runIf(hasProgram('curl') && hasProgram('bash'))('sends the same method, headers and body as the client', async () => {
    const http = new HttpClient({ baseUrl: server.baseUrl, token: server.token });
    for (const body of [`{"q":"it's \\"quoted\\""}`, 'line1\nline2\ttab', 'nul\u0000byte', 'ünïcødé ✓']) {
      await http.request({ method: 'POST', path: '/echo?x=1', body, headers: { 'Content-Type': 'application/json' } });
      const fromClient = server.received.at(-1);
      const exchange = http.lastExchange;
      if (!fromClient || !exchange) throw new Error('nothing recorded');
      // Asynchronously: the fake server runs in this process and must keep answering.
      await run('bash', ['-c', `${toCurl(exchange.request)} > /dev/null`]);
      const fromCurl = server.received.at(-1);
      expect(fromCurl?.body).toBe(body);
      expect(fromCurl?.url).toBe(fromClient.url);
      expect(fromCurl?.method).toBe('POST');
      expect(fromCurl?.headers['authorization']).toBe(`Token ${server.token}`);
      expect(fromCurl?.headers['content-type']).toBe('application/json');
    }
  });
});

describe('HttpClient', () => {
  it('decodes JSON, records the exchange and reports time-outs with a curl line', async () => {
    const server = await startFakeServer();
    try {
      const http = new HttpClient({ baseUrl: `${server.baseUrl}/`, token: server.token });
      const res = await http.get('/api/nope');
      expect(res.status).toBe(404);
      expect(res.json).toMatchObject({ name: 'route.error/not-found' });
      expect(res.request.url).toBe(`${server.baseUrl}/api/nope`);
      expect(http.exchanges).toHaveLength(1);

      const slow = new HttpClient({ baseUrl: 'http://10.255.255.1:9', token: 't', timeoutMs: 50 });
      const error = await slow.get('/api/commands').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CheckFailure);
      expect((error as CheckFailure).details.curl).toContain('curl');
    } finally {
      await server.close();
    }
  });
});

describe('findStackTrace', () => {
  it('finds a stack in raw text and inside JSON strings, ignoring echoed input', () => {
    expect(findStackTrace('Error: x\n    at f (/a/b.js:1:2)', undefined)).toBeDefined();
    const json = { message: 'Error: x\n    at f (/srv/a.ts:3:4)' };
    expect(findStackTrace(JSON.stringify(json), json)).toBeDefined();
    expect(findStackTrace('{"message":"unknown command a.ts:1"}', { message: 'unknown command a.ts:1' }, '{"command":"a.ts:1"}')).toBeUndefined();
    expect(findStackTrace('{"ok":true}', { ok: true })).toBeUndefined();
  });
});

describe('checkProperty', () => {
  let server: FakeServer;
  beforeAll(async () => {
    server = await startFakeServer();
  });
  afterAll(() => server.close());

  function context(seed: number, numRuns = 100, path?: string): CheckContext {
    const http = new HttpClient({ baseUrl: server.baseUrl, token: server.token });
    return { baseUrl: server.baseUrl, token: server.token, http, fastCheck: path === undefined ? { seed, numRuns } : { seed, numRuns, path }, profile: 'full', deadline: Number.POSITIVE_INFINITY, log: () => undefined };
  }

  /** Fails for n >= 10; every run makes one request carrying n. */
  async function failingProperty(ctx: CheckContext): Promise<CheckFailure> {
    try {
      await checkProperty(ctx, fc.integer({ min: 0, max: 1000 }), async (n) => {
        const res = await ctx.http.get(`/echo?n=${n}`);
        if (n >= 10) throw new CheckFailure(`n=${n} is too big (status ${res.status})`);
      });
    } catch (error) {
      if (error instanceof CheckFailure) return error;
      throw error;
    }
    throw new Error('the property did not fail');
  }

  it('reports the shrunk counterexample, its seed and path, and the curl of the shrunk run', async () => {
    const failure = await failingProperty(context(42));
    expect(failure.details.counterexample).toBe('10');
    expect(failure.details.seed).toBe(42);
    expect(failure.details.path).toMatch(/^\d+(:\d+)*$/);
    expect(failure.details.curl).toContain('/echo?n=10');
    expect(failure.message).toContain('n=10 is too big');
  });

  it('is reproducible: the same seed gives the same failure, and seed + path replays it directly', async () => {
    const first = await failingProperty(context(1234));
    const second = await failingProperty(context(1234));
    expect(second.details).toEqual(first.details);
    const replayCtx = context(1234, 100, first.details.path);
    const replay = await failingProperty(replayCtx);
    expect(replay.details.counterexample).toBe('10');
    expect(replayCtx.http.exchanges.length).toBeLessThan(5);
  });

  it('passes when the property holds', async () => {
    await expect(checkProperty(context(1), fc.nat(), async () => undefined)).resolves.toBeUndefined();
  });

  it('runs its examples first, on top of the random runs', async () => {
    const seen: number[] = [];
    await checkProperty(context(3, 4), fc.integer({ min: 100, max: 200 }), async (n) => {
      seen.push(n);
    }, { examples: [1, 2] });
    expect(seen.slice(0, 2)).toEqual([1, 2]);
    expect(seen).toHaveLength(6);
  });

  it('stops at the deadline: a property whose runs never end fails in time, saying how many runs it did', async () => {
    const ctx = { ...context(7), deadline: Date.now() + 300 };
    const started = Date.now();
    const error = await checkProperty(ctx, fc.nat(), async (n) => {
      await ctx.http.get(`/echo?n=${n}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(error).toBeInstanceOf(CheckFailure);
    expect((error as Error).message).toMatch(/time limit ran out after \d+ of 100 property run\(s\)/);
  });
});

describe('runner', () => {
  const calls: string[] = [];
  const fake = (id: string, level: Level, area: string, requirements: string[], outcome: 'pass' | 'fail' | 'crash'): Check =>
    defineCheck({
      id,
      name: `fake ${id}`,
      level,
      area,
      requirements,
      target: 'server',
      async run() {
        calls.push(id);
        if (outcome === 'fail') throw new CheckFailure(`${id} failed`, { curl: 'curl x' });
        if (outcome === 'crash') throw new TypeError(`${id} crashed`);
      },
    });
  const checks = [
    fake('auth.one', 'MUST', 'auth', ['AUTH-001'], 'pass'),
    fake('auth.two', 'SHOULD', 'auth', ['AUTH-003'], 'fail'),
    fake('envelope.one', 'MUST', 'command-api', ['CMD-ENV-001', 'CMD-ENV-004'], 'pass'),
    fake('envelope.two', 'MUST', 'command-api', ['CMD-ENV-002'], 'fail'),
    fake('envelope.three', 'MAY', 'command-api', ['CMD-ENV-003'], 'crash'),
  ];
  const base = { target: 'server' as const, baseUrl: 'http://127.0.0.1:9', token: 't', checks, seed: 5 };
  const ids = (s: RunSummary): string[] => s.results.map((r) => r.id);

  it('filters by check ID, ID prefix, requirement ID and area, and skips', async () => {
    expect(ids(await runChecks({ ...base, only: ['auth.one'] }))).toEqual(['auth.one']);
    expect(ids(await runChecks({ ...base, only: ['envelope'] }))).toEqual(['envelope.one', 'envelope.two', 'envelope.three']);
    expect(ids(await runChecks({ ...base, only: ['CMD-ENV-004'] }))).toEqual(['envelope.one']);
    expect(ids(await runChecks({ ...base, only: ['auth'] }))).toEqual(['auth.one', 'auth.two']);
    expect(ids(await runChecks({ ...base, only: ['command-api'], skip: ['envelope.two', 'CMD-ENV-003'] }))).toEqual(['envelope.one']);
    await expect(runChecks({ ...base, only: ['no.such-check'] })).rejects.toBeInstanceOf(SelectionError);
  });

  it('runs sequentially and reports verdicts, counts by level and the exit code', async () => {
    calls.length = 0;
    const summary = await runChecks(base);
    expect(calls).toEqual(checks.map((c) => c.id));
    expect(summary.results.map((r) => [r.id, r.verdict])).toEqual([
      ['auth.one', 'pass'],
      ['auth.two', 'fail'],
      ['envelope.one', 'pass'],
      ['envelope.two', 'fail'],
      ['envelope.three', 'error'],
    ]);
    expect(byId(summary, 'auth.two').details?.curl).toBe('curl x');
    expect(byId(summary, 'envelope.three').message).toContain('crashed');
    expect(summary.results.map((r) => [r.id, r.outcome])).toEqual([
      ['auth.one', 'pass'],
      ['auth.two', 'warn'],
      ['envelope.one', 'pass'],
      ['envelope.two', 'fail'],
      ['envelope.three', 'note'],
    ]);
    const counts = (o: Partial<OutcomeCounts>): OutcomeCounts => ({ ...emptyOutcomeCounts(), ...o });
    expect(summary.byLevel.MUST).toEqual(counts({ total: 3, pass: 2, fail: 1 }));
    expect(summary.byLevel.SHOULD).toEqual(counts({ total: 1, warn: 1 }));
    expect(summary.byLevel.MAY).toEqual(counts({ total: 1, note: 1 }));
    expect(summary.counts).toEqual(counts({ total: 5, pass: 2, fail: 1, warn: 1, note: 1 }));
    expect(summary.failures.map((r) => r.id)).toEqual(['auth.two', 'envelope.two', 'envelope.three']);
    expect(summary.seed).toBe(5);
    expect(summary.conformant).toBe(false);
    expect(summary.exitCode).toBe(1);
  });

  it('grades by level: MUST fails the run, SHOULD warns, MAY notes; a crash counts as a failure of its level', () => {
    expect(grade('fail', 'MUST')).toBe('fail');
    expect(grade('error', 'MUST')).toBe('fail');
    expect(grade('fail', 'SHOULD')).toBe('warn');
    expect(grade('error', 'MAY')).toBe('note');
    expect(grade('pass', 'MUST')).toBe('pass');
    expect(grade('skip', 'MUST', 'listed')).toBe('skip');
    expect(grade('fail', 'MUST', 'listed')).toBe('expected-failure');
    expect(grade('pass', 'MAY', 'listed')).toBe('unexpected-pass');
  });

  it('if supported, then correct: a missing feature is graded at the support level, a wrong answer at the check level', async () => {
    expect(grade('unsupported', 'MUST', undefined, 'SHOULD')).toBe('warn');
    expect(grade('unsupported', 'MUST', undefined, 'MAY')).toBe('note');
    expect(grade('fail', 'MUST', undefined, 'SHOULD')).toBe('fail');
    expect(grade('unsupported', 'MUST')).toBe('fail');
    const feature = (id: string, outcome: 'lacks' | 'wrong'): Check =>
      defineCheck({
        id,
        name: `feature ${id}`,
        level: 'MUST',
        unsupported: 'SHOULD',
        area: 'command-api',
        requirements: ['CMD-010'],
        target: 'server',
        async run() {
          const ledger = new SupportLedger();
          ledger.lacks('svc.entity/delete', 'the target answered command.error/unknown-command');
          if (outcome === 'wrong') throw new CheckFailure('the deleted Entity is still listed');
          ledger.finish();
        },
      });
    const lacking = await runChecks({ ...base, checks: [feature('feature.lacks', 'lacks')] });
    expect(lacking.results[0]).toMatchObject({ verdict: 'unsupported', outcome: 'warn', level: 'MUST', unsupportedLevel: 'SHOULD' });
    expect(lacking.results[0]?.message).toMatch(/not supported by the target: svc.entity\/delete \(svc.entity\/delete: the target answered command.error\/unknown-command\)/);
    expect(lacking.conformant).toBe(true);
    expect(lacking.byLevel.SHOULD.warn).toBe(1);
    const wrong = await runChecks({ ...base, checks: [feature('feature.wrong', 'wrong')] });
    expect(wrong.results[0]).toMatchObject({ verdict: 'fail', outcome: 'fail' });
    expect(wrong.conformant).toBe(false);
    expect(wrong.exitCode).toBe(1);
  });

  it('time limits: a check that hangs fails naming its last request; the run limit leaves the rest not run and the run not conformant', async () => {
    const hanging = (id: string): Check =>
      defineCheck({
        id,
        name: `hangs ${id}`,
        level: 'SHOULD',
        area: 'auth',
        requirements: ['AUTH-003'],
        target: 'server',
        async run(ctx) {
          await ctx.http.get('/api/anything').catch(() => undefined);
          await new Promise(() => undefined);
        },
      });
    const own = await runChecks({ ...base, checks: [hanging('hang.one')], checkTimeoutMs: 300 });
    expect(own.results[0]).toMatchObject({ verdict: 'fail', outcome: 'warn' });
    expect(own.results[0]?.message).toMatch(/did not finish within its time limit of 300 ms; its last request was GET \/api\/anything/);
    expect(own.interrupted).toBeUndefined();
    const started = Date.now();
    const cut = await runChecks({ ...base, checks: [hanging('hang.one'), ...checks.slice(0, 2)], runTimeoutMs: 400 });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(cut.results.map((r) => [r.id, r.verdict])).toEqual([
      ['hang.one', 'fail'],
      ['auth.one', 'skip'],
      ['auth.two', 'skip'],
    ]);
    expect(cut.results[0]?.message).toMatch(/did not finish within the run's time limit \(--timeout 400 ms\)/);
    expect(cut.results[1]?.message).toMatch(/not run: the run's time limit/);
    expect(cut.interrupted).toMatch(/ran out during hang.one/);
    expect(cut.conformant).toBe(false);
    expect(cut.exitCode).toBe(1);
  });

  it('past its deadline a check sends nothing more', async () => {
    const http = new HttpClient({ baseUrl: 'http://127.0.0.1:9', token: 't', deadline: Date.now() - 1 });
    await expect(http.get('/api/commands')).rejects.toThrow(/not sent, the check's time limit ran out/);
  });

  it('expected failures: a listed failure does not fail the run, a listed check that passes does', async () => {
    const listed = await runChecks({ ...base, expectedFailures: new Map([['envelope.two', 'known bug #1']]) });
    expect(listed.results.find((r) => r.id === 'envelope.two')).toMatchObject({ outcome: 'expected-failure', expectedFailureReason: 'known bug #1' });
    expect(listed.exitCode).toBe(0);
    expect(listed.conformant).toBe(false);
    const fixed = await runChecks({ ...base, skip: ['envelope.two'], expectedFailures: new Map([['auth.one', 'was broken']]) });
    expect(fixed.results.find((r) => r.id === 'auth.one')?.outcome).toBe('unexpected-pass');
    expect(fixed.exitCode).toBe(1);
  });

  it('reads the expected-failures file (YAML), refusing unknown checks, duplicates and entries without a reason', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svc-xfail-'));
    const file = join(dir, 'expected.yaml');
    await writeFile(file, 'expectedFailures:\n  - check: envelope.two\n    reason: "known bug #1"\n');
    expect([...(await loadExpectedFailures(file, checks)).entries()]).toEqual([['envelope.two', 'known bug #1']]);
    await writeFile(file, 'expectedFailures:\n  - check: no.such-check\n    reason: x\n');
    await expect(loadExpectedFailures(file, checks)).rejects.toThrow(/no\.such-check.*not a check of this target/);
    await writeFile(file, 'expectedFailures:\n  - check: envelope.two\n    reason: a\n  - check: envelope.two\n    reason: b\n');
    await expect(loadExpectedFailures(file, checks)).rejects.toThrow(/listed twice/);
    await writeFile(file, 'expectedFailures:\n  - check: envelope.two\n');
    await expect(loadExpectedFailures(file, checks)).rejects.toThrow(/reason/);
    await expect(loadExpectedFailures(join(dir, 'missing.yaml'), checks)).rejects.toBeInstanceOf(ExpectedFailuresError);
    await rm(dir, { recursive: true, force: true });
  });

  it('the quick profile leaves out slow checks and runs 5 times per property; full runs everything 100 times', async () => {
    const slow = defineCheck({ ...fake('envelope.slow', 'MUST', 'command-api', ['CMD-ENV-002'], 'pass'), cost: 'slow' });
    const quick = await runChecks({ ...base, checks: [...checks, slow], profile: 'quick' });
    expect(quick.results.map((r) => r.id)).not.toContain('envelope.slow');
    expect(quick.leftOutByProfile).toEqual(['envelope.slow']);
    expect(quick.numRuns).toBe(5);
    const full = await runChecks({ ...base, checks: [...checks, slow] });
    expect(full.results.map((r) => r.id)).toContain('envelope.slow');
    expect(full.numRuns).toBe(100);
    expect((await runChecks({ ...base, profile: 'quick', numRuns: 7 })).numRuns).toBe(7);
    const named = await runChecks({ ...base, checks: [...checks, slow], profile: 'quick', only: ['envelope.slow'] });
    expect(named.results.map((r) => r.id)).toEqual(['envelope.slow']);
  });

  it('traceability: each requirement of the target with its checks and status; uncovered ones with their reason', async () => {
    const catalogue = parseRequirements({
      requirements: [
        { id: 'AUTH-001', level: 'MUST', area: 'auth', clause: 'a', target: 'server' },
        { id: 'AUTH-003', level: 'SHOULD', area: 'auth', clause: 'b', target: 'server' },
        { id: 'CMD-ENV-001', level: 'MUST', area: 'command-api', clause: 'c' },
        { id: 'CMD-ENV-002', level: 'MUST', area: 'command-api', clause: 'd', target: 'server' },
        { id: 'CMD-ENV-003', level: 'MAY', area: 'command-api', clause: 'e', target: 'server' },
        { id: 'CMD-ENV-004', level: 'MUST', area: 'command-api', clause: 'f', target: 'server' },
        { id: 'CMD-ENV-005', level: 'MAY', area: 'command-api', clause: 'g', target: 'server', uncovered_reason: 'no HTTP trace' },
        { id: 'APP-001', level: 'MUST', area: 'app', clause: 'h', target: 'app' },
      ],
    });
    const summary = await runChecks({ ...base, skip: ['auth.one'] });
    const trace = traceability(catalogue, 'server', checks, summary.results);
    expect(trace.requirements.map((r) => [r.id, r.status])).toEqual([
      ['AUTH-001', 'not-run'],
      ['AUTH-003', 'fail'],
      ['CMD-ENV-001', 'pass'],
      ['CMD-ENV-002', 'fail'],
      ['CMD-ENV-003', 'fail'],
      ['CMD-ENV-004', 'pass'],
      ['CMD-ENV-005', 'uncovered'],
    ]);
    expect(trace.requirements[1]?.checks).toEqual([{ id: 'auth.two', outcome: 'warn' }]);
    expect(trace.uncovered).toEqual([{ id: 'CMD-ENV-005', level: 'MAY', clause: 'g', reason: 'no HTTP trace' }]);
    expect(trace.coverage).toEqual({ MUST: { total: 4, covered: 4, uncovered: 0 }, SHOULD: { total: 1, covered: 1, uncovered: 0 }, MAY: { total: 2, covered: 1, uncovered: 1 } });
    const report = buildReport(summary, { checks, catalogue, skip: ['auth.one'] });
    expect(report.areas.map((a) => [a.area, a.counts.total, a.counts.pass])).toEqual([
      ['auth', 1, 0],
      ['command-api', 3, 1],
    ]);
    expect(report.selection.skip).toEqual(['auth.one']);
    expect(report.results.find((r) => r.id === 'envelope.two')?.curl).toBe('curl x');
  });

  it('exits 0 when only SHOULD/MAY checks fail, 1 when a MUST check crashes', async () => {
    expect((await runChecks({ ...base, skip: ['envelope.two'] })).exitCode).toBe(0);
    const crashingMust = [fake('x.must', 'MUST', 'auth', ['AUTH-001'], 'crash')];
    const summary = await runChecks({ ...base, checks: crashingMust });
    expect(summary.results[0]?.verdict).toBe('error');
    expect(summary.exitCode).toBe(1);
  });

  it('calls onResult for each check and picks a random seed when none is given', async () => {
    const seen: string[] = [];
    const { seed: _seed, ...withoutSeed } = base;
    const summary = await runChecks({ ...withoutSeed, only: ['auth'], onResult: (r) => seen.push(r.id) });
    expect(seen).toEqual(['auth.one', 'auth.two']);
    expect(Number.isInteger(summary.seed)).toBe(true);
  });
});

describe('server checks against fake servers', () => {
  const servers: FakeServer[] = [];
  async function runAgainst(faults: Faults, only?: string[], numRuns = 100): Promise<RunSummary> {
    const server = await startFakeServer(faults);
    servers.push(server);
    return runChecks({ target: 'server', baseUrl: server.baseUrl, token: server.token, seed: 99, numRuns, ...(only ? { only } : {}) });
  }
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
  });

  it('all pass against a well-behaved fake (the checks that need real Databases, the integrations API or the files API left out, and those of the public API schema forms, which the fake lacks)', async () => {
    const server = await startFakeServer({});
    servers.push(server);
    const summary = await runChecks({ target: 'server', baseUrl: server.baseUrl, token: server.token, seed: 99, numRuns: 100, skip: [...[...workspaceChecks, ...documentsChecks, ...webhooksChecks, ...graphqlChecks, ...filesChecks, ...consistencyChecks, ...syncChecks].map((c) => c.id), 'http.app-url-refused-ranges', 'schema.get-schema', 'schema.public-api-shape', 'schema.public-api-forms'] });
    expect(summary.failures, describeFailures(summary)).toEqual([]);
    expect(summary.exitCode).toBe(0);
  }, 60_000);

  it('auth.missing-token fails when requests without a token are served', async () => {
    const summary = await runAgainst({ acceptsMissingToken: true }, ['auth.missing-token']);
    const result = byId(summary, 'auth.missing-token');
    expect(result.verdict).toBe('fail');
    expect(result.message).toMatch(/without Authorization: expected status 401 .* got 200/);
    expect(result.details?.curl).toMatch(/^curl .*\/api\/commands/);
    expect(result.details?.curl).not.toContain('Authorization');
    expect(summary.exitCode).toBe(1);
  });

  it('robustness.no-5xx-no-stack-trace fails on a 500 with a stack trace, with a shrunk counterexample and its curl', async () => {
    const summary = await runAgainst({ crashOnStringBody: true }, ['robustness.no-5xx-no-stack-trace'], 300);
    const result = byId(summary, 'robustness.no-5xx-no-stack-trace');
    expect(result.verdict).toBe('fail');
    expect(result.message).toContain('answered 500');
    expect(result.details?.seed).toBe(99);
    expect(result.details?.path).toBeDefined();
    expect(JSON.parse(result.details?.counterexample ?? 'null')).toEqual({ kind: 'json-value', contentType: 'application/json', body: '""' });
    expect(result.details?.curl).toContain(`--data-raw '""'`);
  }, 30_000);

  it('envelope.array-in-array-out fails when an array gets an object back', async () => {
    const summary = await runAgainst({ objectForArray: true }, ['envelope.array-in-array-out']);
    const result = byId(summary, 'envelope.array-in-array-out');
    expect(result.verdict).toBe('fail');
    expect(result.message).toContain('single object');
    expect(result.details?.counterexample).toContain('svc.');
    expect(result.details?.curl).toMatch(/--data-raw '\[\{/);
  }, 30_000);
});

describe('svc-conformance CLI', () => {
  let broken: FakeServer;
  beforeAll(async () => {
    broken = await startFakeServer({ acceptsMissingToken: true });
  });
  afterAll(() => broken.close());

  async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    try {
      const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { env: { ...process.env, NO_COLOR: '1' } });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const e = error as { code?: number; stdout?: string; stderr?: string };
      return { code: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
    }
  }

  it('--list prints every check with level, requirements and name', async () => {
    const { code, stdout } = await cli(['server', '--list']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^MUST\s+auth\.missing-token\s+\[AUTH-001\]\s+Requests without/m);
  }, 30_000);

  it('app --list lists the app checks; a run without --app-url is a usage error', async () => {
    expect((await cli(['app', '--list'])).stdout).toMatch(/^MUST\s+app\.information\s+\[APP-001/m);
    expect((await cli(['app', '--base-url', 'http://127.0.0.1:9'])).code).toBe(2);
    expect((await cli(['server'])).code).toBe(2);
  }, 30_000);

  it('refuses to start (exit 2) when the token is refused', async () => {
    const { code, stderr } = await cli(['server', '--base-url', broken.baseUrl, '--token', 'not-the-token']);
    expect(code).toBe(2);
    expect(stderr).toContain('token is refused');
  }, 30_000);

  it('prints results, failures with curl, the seed, and exits 1 when a MUST check fails', async () => {
    const { code, stdout } = await cli(['server', '--base-url', broken.baseUrl, '--token', broken.token, '--only', 'auth.missing-token,envelope.object-in-object-out', '--seed', '3']);
    expect(code).toBe(1);
    expect(stdout).toMatch(/^PASS\s+MUST\s+envelope\.object-in-object-out\s+\[/m);
    expect(stdout).toMatch(/^FAIL\s+MUST\s+auth\.missing-token\s+\[AUTH-001\].*\(\d+ ms\)$/m);
    expect(stdout).toContain(`curl -sS -i -X POST '${broken.baseUrl}/api/commands'`);
    expect(stdout).toContain('seed 3');
    expect(stdout).toContain('--only auth.missing-token');
  }, 30_000);

  it('--expected-failures: a listed MUST failure is XFAIL and the run exits 0; the reports are written and the JSON one fits its schema', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svc-cli-'));
    const expected = join(dir, 'expected.yaml');
    await writeFile(expected, 'expectedFailures:\n  - check: auth.missing-token\n    reason: the fake server accepts requests without a token\n');
    const files = { json: join(dir, 'out/report.json'), junit: join(dir, 'out/report.xml'), html: join(dir, 'out/report.html') };
    const args = ['server', '--base-url', broken.baseUrl, '--token', broken.token, '--only', 'auth.missing-token,envelope.object-in-object-out', '--seed', '3'];
    const { code, stdout } = await cli([...args, '--expected-failures', expected, '--json', files.json, '--junit', files.junit, '--html', files.html]);
    expect(code, stdout).toBe(0);
    expect(stdout).toMatch(/^XFAIL\s+MUST\s+auth\.missing-token/m);
    expect(stdout).toContain('expected failure: the fake server accepts requests without a token');
    expect(stdout).toMatch(/NOT conformant/);
    const report = JSON.parse(await readFile(files.json, 'utf8')) as ConformanceReport;
    const schema = JSON.parse(await readFile(fileURLToPath(new URL('../../spec/conformance/report.schema.json', import.meta.url)), 'utf8')) as object;
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats.default(ajv);
    const validate = ajv.compile(schema);
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
    expect(report.results.map((r) => [r.id, r.outcome])).toEqual([
      ['auth.missing-token', 'expected-failure'],
      ['envelope.object-in-object-out', 'pass'],
    ]);
    expect(report.selection.expectedFailuresFile).toBe(expected);
    expect(report.traceability.requirements.find((r) => r.id === 'AUTH-001')?.status).toBe('expected-failure');
    expect(await readFile(files.junit, 'utf8')).toContain('<testsuites');
    expect(await readFile(files.html, 'utf8')).toContain('id="matrix"');

    await writeFile(expected, 'expectedFailures:\n  - check: envelope.object-in-object-out\n    reason: was broken once\n');
    const fixed = await cli([...args, '--expected-failures', expected]);
    expect(fixed.code).toBe(1);
    expect(fixed.stdout).toMatch(/^XPASS\s+MUST\s+envelope\.object-in-object-out/m);
    await writeFile(expected, 'expectedFailures:\n  - check: envelope.no-such-check\n    reason: x\n');
    const unknown = await cli([...args, '--expected-failures', expected]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('envelope.no-such-check');
    await rm(dir, { recursive: true, force: true });
  }, 120_000); // four runs of the CLI, each starting tsx: slow on a loaded machine

  it('--coverage lists the requirements of the target no check covers; --profile quick lists no slow check', async () => {
    const { code, stdout } = await cli(['server', '--coverage']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Requirements covered by a check: MUST \d+\/\d+, SHOULD \d+\/\d+, MAY \d+\/\d+\./m);
    const quick = await cli(['server', '--list', '--profile', 'quick']);
    expect(quick.stdout).not.toContain('slow: full profile only');
    expect((await cli(['server', '--list'])).stdout).toContain('slow: full profile only');
    expect((await cli(['server', '--list', '--profile', 'fast'])).code).toBe(2);
  }, 30_000);
});

describe('live progress', () => {
  const check = defineCheck({ id: 'auth.one', name: 'one', level: 'MUST', area: 'auth', requirements: ['AUTH-001'], target: 'server', run: async () => undefined });
  const result: CheckResult = { id: 'auth.one', name: 'one', level: 'MUST', area: 'auth', requirements: ['AUTH-001'], verdict: 'pass', outcome: 'pass', durationMs: 3, exchanges: 1 };
  const stream = (isTTY: boolean): { out: string[]; stream: NodeJS.WriteStream } => {
    const out: string[] = [];
    return { out, stream: { isTTY, columns: 80, write: (chunk: string) => out.push(chunk) > 0 } as unknown as NodeJS.WriteStream };
  };

  it('on a terminal redraws one status line in place under the result lines', () => {
    const { out, stream: s } = stream(true);
    const progress = new Progress({ stream: s, total: 2, idWidth: 8, style: plainStyle });
    progress.onStart(check);
    expect(out.at(-1)).toMatch(/^\r\u001b\[2K\[0\/2\]  auth\.one 0:00/);
    progress.onResult(result);
    progress.stop();
    expect(out.join('')).toContain('\r\u001b[2KPASS   MUST    auth.one  [AUTH-001]  one (3 ms)\n');
    expect(progress.status()).toMatch(/^\[1\/2\]  1 pass  elapsed/);
  });

  it('elsewhere writes plain result lines only, without control codes', () => {
    const { out, stream: s } = stream(false);
    const progress = new Progress({ stream: s, total: 1, idWidth: 8, style: plainStyle });
    progress.onStart(check);
    progress.onResult(result);
    progress.stop();
    expect(out).toEqual(['PASS   MUST    auth.one  [AUTH-001]  one (3 ms)\n']);
  });
});
