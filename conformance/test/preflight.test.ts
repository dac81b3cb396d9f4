// The preflight of a run (conformance/src/preflight/, checks/app/preflight.ts): a set-up the run
// cannot start with stops it before any check, exit 2, with one line naming the fix; it never
// turns into failed checks. Against small in-process stand-ins (a service whose switches break
// one thing of the set-up each, the stub app) and through the bin.
import { execFile } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appChecks, serverChecks } from '../src/checks/index.js';
import { ACCOUNT_FREE_CHECKS, needsAccount } from '../src/checks/app/index.js';
import { appPreflight } from '../src/checks/app/preflight.js';
import { needsOf, skipValue } from '../src/preflight/needs.js';
import { baseUrlProblem, serverPreflight } from '../src/preflight/server.js';
import { runChecks } from '../src/runner.js';
import { GOOD_TOKEN, startStubApp, type StubApp } from './app-stub.js';

const run = promisify(execFile);
const BIN = fileURLToPath(new URL('../bin/svc-conformance.js', import.meta.url));
const CHECKS_DIR = fileURLToPath(new URL('../src/checks/', import.meta.url));

interface Switches {
  /** POST /api/commands answers 404 text/html (another service on that port). */
  notTheService?: boolean;
  /** A webhook to a loopback address is refused (webhook.error/url-refused). */
  refusesLoopbackWebhooks?: boolean;
  /** An account of an app on loopback is refused (integration.error/app-url-refused). */
  refusesLoopbackApps?: boolean;
}

interface Stand {
  baseUrl: string;
  switches: Switches;
  /** Webhooks and accounts still there (the preflight deletes what it added). */
  live: { webhooks: Set<number>; accounts: Set<string> };
  close(): Promise<void>;
}

const TOKENS = new Set(['tok', 'rtok']);

/** A stand-in of the service for the preflight: the schema query, the webhook list, integration accounts. */
async function startStand(switches: Switches = {}): Promise<Stand> {
  const live = { webhooks: new Set<number>(), accounts: new Set<string>() };
  let nextId = 1;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const json = (status: number, body: unknown): void => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (switches.notTheService) {
        res.writeHead(404, { 'content-type': 'text/html' });
        res.end('<html><body>Cannot POST</body></html>');
        return;
      }
      const auth = req.headers.authorization ?? '';
      if (!TOKENS.has(auth.replace(/^Token /, ''))) return json(401, { name: 'auth.error/unauthorized', message: 'no', data: {} });
      const url = req.url ?? '';
      if (req.method === 'POST' && url === '/api/commands') return json(200, { success: true, result: { 'svc/types': [] } });
      if (req.method === 'POST' && url === '/api/webhooks/v2') {
        if (switches.refusesLoopbackWebhooks) return json(400, { name: 'webhook.error/url-refused', message: 'loopback', data: { field: 'url' } });
        const id = nextId++;
        live.webhooks.add(id);
        return json(200, { id });
      }
      const hook = /^\/api\/webhooks\/v2\/(\d+)$/.exec(url);
      if (req.method === 'DELETE' && hook) {
        live.webhooks.delete(Number(hook[1]));
        return json(200, true);
      }
      if (req.method === 'POST' && url === '/api/integrations/accounts') {
        if (switches.refusesLoopbackApps) return json(400, { name: 'integration.error/app-url-refused', message: 'loopback', data: { field: 'appUrl' } });
        const id = `acc-${nextId++}`;
        live.accounts.add(id);
        return json(201, { id });
      }
      const account = /^\/api\/integrations\/accounts\/([^/]+)$/.exec(url);
      if (req.method === 'DELETE' && account) {
        live.accounts.delete(decodeURIComponent(account[1] ?? ''));
        return json(200, {});
      }
      json(404, { name: 'route.error/not-found', message: 'no route', data: {} });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    switches,
    live,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on (a server was there a moment ago). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function cli(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { env: { ...process.env, NO_COLOR: '1', ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

const stands: Stand[] = [];
async function stand(switches: Switches = {}): Promise<Stand> {
  const started = await startStand(switches);
  stands.push(started);
  return started;
}
afterAll(async () => {
  await Promise.all(stands.map((s) => s.close()));
});

const webhookChecks = serverChecks.filter((c) => c.area === 'webhooks');
const syncChecks = serverChecks.filter((c) => needsOf(c).includes('app-callbacks'));
const plain = serverChecks.filter((c) => needsOf(c).length === 0);

function preflight(baseUrl: string, more: Partial<Parameters<typeof serverPreflight>[0]> = {}): Promise<string | undefined> {
  return serverPreflight({ baseUrl, token: 'tok', timeoutMs: 3_000, checks: plain, ...more });
}

describe('server preflight', () => {
  it('a base URL ending in /api (or with a query) names the service root to use instead', () => {
    expect(baseUrlProblem('http://127.0.0.1:8080/api')).toBe(
      '--base-url http://127.0.0.1:8080/api ends in /api, but it is the service root (the suite adds /api/... itself): use --base-url http://127.0.0.1:8080',
    );
    expect(baseUrlProblem('http://h:1/svc/api/commands/')).toMatch(/ends in \/api\/commands, .* use --base-url http:\/\/h:1\/svc$/);
    expect(baseUrlProblem('http://h:1/?x=1')).toMatch(/has a query or fragment; .*--base-url http:\/\/h:1$/);
    for (const good of ['http://127.0.0.1:8080', 'http://127.0.0.1:8080/', 'https://h/tenant', 'http://h/apis']) expect(baseUrlProblem(good), good).toBeUndefined();
  });

  it('an unreachable URL, another service, a refused token or reader token: one line each, with the fix', async () => {
    const port = await closedPort();
    expect(await preflight(`http://127.0.0.1:${port}`)).toMatch(new RegExp(`^cannot reach http://127\\.0\\.0\\.1:${port} \\(.*ECONNREFUSED.*\\): start the server \\(npm start prints its base URL\\) or fix --base-url$`));
    const other = await stand({ notTheService: true });
    expect(await preflight(other.baseUrl)).toMatch(/does not look like the Workspace Data Service: POST \/api\/commands answered 404 \(text\/html\); is it the right port/);
    const good = await stand();
    expect(await preflight(good.baseUrl, { token: 'nope' })).toMatch(/^the token is refused \(401 .*\): pass the Architect token the server printed at start-up with --token \(or \$SVC_TOKEN\)$/);
    expect(await preflight(good.baseUrl, { readerToken: 'nope' })).toMatch(/^--reader-token is refused \(401 .*SVC_READER_TOKEN/);
    expect(await preflight(good.baseUrl, { editorToken: 'nope' })).toMatch(/^--editor-token is refused/);
    expect(await preflight(good.baseUrl, { readerToken: 'rtok', editorToken: 'rtok' })).toBeUndefined();
  });

  it('a server that refuses the suite\'s webhook receiver stops a run with webhook checks, naming SVC_WEBHOOK_ALLOW and the --skip; not one without them', async () => {
    const refusing = await stand({ refusesLoopbackWebhooks: true });
    const problem = await preflight(refusing.baseUrl, { checks: [...plain, ...webhookChecks] });
    expect(problem).toMatch(/^the server refuses webhooks to the suite's receiver at http:\/\/127\.0\.0\.1:\d+\/preflight \(webhook\.error\/url-refused\), which \d+ selected check\(s\) need: /);
    expect(problem).toContain('SVC_WEBHOOK_ALLOW=127.0.0.1');
    expect(problem).toMatch(/--skip webhooks$/);
    expect(await preflight(refusing.baseUrl, { checks: [...plain, ...webhookChecks.slice(0, 4)] })).toMatch(/--skip webhooks\.add-list-delete,webhooks\.type-by-id,/);
    expect(problem).not.toContain('\n');
    expect(await preflight(refusing.baseUrl)).toBeUndefined();
    // A server that accepts it: the probe's webhook is deleted again.
    const accepting = await stand();
    expect(await preflight(accepting.baseUrl, { checks: [...plain, ...webhookChecks] })).toBeUndefined();
    expect(accepting.live.webhooks.size).toBe(0);
  });

  it('a server that refuses apps on loopback stops a run with sync checks, naming SVC_APP_ALLOW; an account the probe made is deleted', async () => {
    const refusing = await stand({ refusesLoopbackApps: true });
    const problem = await preflight(refusing.baseUrl, { checks: syncChecks.slice(0, 3) });
    expect(problem).toMatch(/^the server refuses integration apps on 127\.0\.0\.1 \(integration\.error\/app-url-refused for http:\/\/127\.0\.0\.1:\d+\/preflight-app\), and 3 selected check\(s\) run the mock app there: /);
    expect(problem).toContain('SVC_APP_ALLOW=127.0.0.1');
    // These are all the run has of their areas: the areas are named.
    expect(problem).toMatch(new RegExp(`--skip ${[...new Set(syncChecks.slice(0, 3).map((c) => c.area))].join(',')}$`));
    expect(await preflight(refusing.baseUrl, { checks: [...plain, ...syncChecks] })).not.toMatch(/--skip .*\b(graphql|auth)\b/);
    const accepting = await stand();
    expect(await preflight(accepting.baseUrl, { checks: syncChecks })).toBeUndefined();
    expect(accepting.live.accounts.size).toBe(0);
  });

  it('--skip suggestions name a whole area when every check of it is left out, else the check IDs', () => {
    const [first] = webhookChecks;
    expect(skipValue(webhookChecks, serverChecks)).toBe('webhooks');
    expect(skipValue(webhookChecks.slice(0, 3), serverChecks)).toBe(webhookChecks.slice(0, 3).map((c) => c.id).join(','));
    // The full run's needs: whole areas only where (nearly) every check needs it, never auth or graphql whole.
    const receiver = skipValue(serverChecks.filter((c) => needsOf(c).includes('receiver')), serverChecks).split(',');
    expect(receiver).toContain('webhooks');
    expect(receiver).toContain('auth.webhooks-need-architect');
    expect(receiver).not.toContain('auth');
    expect(skipValue(syncChecks, serverChecks).split(',')).not.toContain('graphql');
    expect(skipValue(first ? [first] : [], serverChecks)).toBe(first?.id);
  });

  it('needs.ts lists every server check whose source starts a receiver or adds a webhook to one (files.from-url skips itself)', () => {
    const sources = readdirSync(CHECKS_DIR, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.startsWith('app'));
    const usesReceiver = new Set<string>();
    for (const file of sources) {
      const text = readFileSync(`${CHECKS_DIR}${file}`, 'utf8');
      const id = /^\s+id: '([a-z0-9.-]+)',$/m.exec(text)?.[1];
      if (id !== undefined && text.includes('defineCheck') && /Receiver\.start|withHooks\(|addHook\(/.test(text)) usesReceiver.add(id);
    }
    usesReceiver.delete('files.from-url');
    expect(usesReceiver.size).toBeGreaterThan(20);
    const listed = serverChecks.filter((c) => needsOf(c).includes('receiver')).map((c) => c.id);
    expect(new Set(listed)).toEqual(usesReceiver);
  });
});

describe('app preflight', () => {
  let app: StubApp;
  beforeAll(async () => {
    app = await startStubApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('an account the app does not accept: what /validate answered, once, with the fix; its value masked', async () => {
    const problem = await appPreflight(app.url, { account: { token: 'wrong-token' } }, 3_000);
    expect(problem).toBe(
      'the app does not accept the account (account type token): POST /validate answered 401 "The token is not valid."; fix --account (or $SVC_APP_ACCOUNT), ' +
        'or pass --offline-account to run only the checks that need no account',
    );
    expect(await appPreflight(app.url, { account: { token: GOOD_TOKEN } }, 3_000)).toBeUndefined();
    // --offline-account: neither a refused account nor a missing one stops the run.
    expect(await appPreflight(app.url, { account: { token: 'wrong-token' } }, 3_000, true)).toBeUndefined();
    expect(await appPreflight(app.url, {}, 3_000, true)).toBeUndefined();
    expect(await appPreflight(app.url, {}, 3_000)).toMatch(/needs an account.*; or pass --offline-account/);
  });

  it('the account-free app checks start no session; every other one does', () => {
    for (const check of appChecks) {
      const file = readdirSync(`${CHECKS_DIR}app`).find((f) => readFileSync(`${CHECKS_DIR}app/${f}`, 'utf8').includes(`id: '${check.id}'`));
      expect(file, check.id).toBeDefined();
      const usesAccount = /startSession\(|startSync\(/.test(readFileSync(`${CHECKS_DIR}app/${file ?? ''}`, 'utf8'));
      expect(needsAccount(check), check.id).toBe(usesAccount);
    }
    expect(ACCOUNT_FREE_CHECKS.size).toBeGreaterThan(5);
  });

  it('a run with the account-needing checks not runnable skips them with the reason and runs the others', async () => {
    const reason = 'needs a working account, and the run has --offline-account: not run';
    const summary = await runChecks({
      target: 'app',
      baseUrl: app.url,
      token: '',
      app: {},
      seed: 1,
      numRuns: 2,
      only: ['app.information', 'app.config', 'app.schema'],
      notRunnable: new Map(appChecks.filter(needsAccount).map((c) => [c.id, reason])),
    });
    expect(summary.results.map((r) => [r.id, r.verdict, r.message ?? ''])).toEqual([
      ['app.information', 'pass', ''],
      ['app.config', 'skip', reason],
      ['app.schema', 'skip', reason],
    ]);
    expect(summary.exitCode).toBe(0);
  });
});

describe('through the bin: exit 2 and one line on stderr', () => {
  it('an unreachable server, a server refusing the receiver; a refused app account once; --offline-account runs the rest', async () => {
    const port = await closedPort();
    const refusing = await stand({ refusesLoopbackWebhooks: true });
    const app = await startStubApp();
    try {
      const [unreachable, receiver, account, offline] = await Promise.all([
        cli(['server', '--base-url', `http://127.0.0.1:${port}`, '--token', 'tok']),
        cli(['server', '--base-url', refusing.baseUrl, '--token', 'tok', '--only', 'webhooks.add-list-delete,auth.missing-token']),
        cli(['app', '--app-url', app.url, '--account', '{"token":"wrong-token"}', '--only', 'app.information,app.config']),
        cli(['app', '--app-url', app.url, '--account', '{"token":"wrong-token"}', '--offline-account', '--only', 'app.information,app.config']),
      ]);
      for (const [name, result] of Object.entries({ unreachable, receiver, account })) {
        expect(result.code, `${name}: ${result.stdout}${result.stderr}`).toBe(2);
        expect(result.stderr.trimEnd().split('\n'), name).toHaveLength(1);
        expect(result.stdout, name).toBe('');
      }
      expect(unreachable.stderr).toMatch(/^svc-conformance: cannot reach .*or fix --base-url\n$/);
      expect(receiver.stderr).toMatch(/SVC_WEBHOOK_ALLOW=127\.0\.0\.1.* --skip webhooks\n$/);
      expect(account.stderr).toMatch(/POST \/validate answered 401 "The token is not valid\."/);
      expect(account.stderr).not.toContain('wrong-token');
      expect(offline.code, offline.stdout + offline.stderr).toBe(0);
      expect(offline.stdout).toMatch(/1 skipped \(not applicable to this target\): app\.config/);
    } finally {
      await app.close();
    }
  }, 60_000);
});
