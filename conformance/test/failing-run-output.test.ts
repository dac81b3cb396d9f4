// What a FAILING run of the svc-conformance CLI prints and writes, end to end:
// - no secret in clear (issue 20 part 3): the run goes through a fault proxy (leaky-faults.ts) that
//   makes the target answer wrongly AND quote the run's secrets (the tokens, the webhook signing
//   secrets the checks create, the app's account, OAuth tokens the app hands out) in its answers.
//   None of them may appear in stdout, stderr, the JSON, JUnit or HTML report; their placeholders do.
//   A curl line and the `reproduce:` line are copied from the output and run as printed, with the
//   secrets in the environment.
// - the HTML report people read (part 4), in headless Chromium: no horizontal scrolling at 1280 and
//   800 px, failures grouped by cause with counts, a summary that says what to fix first.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConformanceReport } from '../../generated/conformance/report.js';
import { loadScenario, startMockApp, type MockApp } from '../../mock-app/src/index.js';
import type { RunningServer } from '../../server/src/index.js';
import { issueToken } from '../../server/src/http/tokens.js';
import { startTestServer, storages } from '../../server/test/storages.js';
import { HAVE_CHROMIUM, SKIP_REASON, launchChromium } from '../../scripts/chromium.js';
import { startFaultProxy, type FaultProxy } from '../src/faults/proxy.js';
import { leakyAppFault, leakyServerFault } from './leaky-faults.js';

const run = promisify(execFile);
const BIN = fileURLToPath(new URL('../bin/svc-conformance.js', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

async function sh(command: string, args: string[], env: Record<string, string>, cwd = ROOT): Promise<CliRun> {
  try {
    const { stdout, stderr } = await run(command, args, { cwd, env: { ...process.env, NO_COLOR: '1', ...env }, maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

/** Every output of a CLI run: stdout, stderr and the three report files. */
async function outputsOf(result: CliRun, dir: string): Promise<Record<string, string>> {
  return {
    stdout: result.stdout,
    stderr: result.stderr,
    json: await readFile(join(dir, 'report.json'), 'utf8'),
    junit: await readFile(join(dir, 'report.xml'), 'utf8'),
    html: await readFile(join(dir, 'report.html'), 'utf8'),
  };
}

/** `[output, secret]` for each secret found in an output (also JSON- and URL-encoded). */
function leaks(outputs: Record<string, string>, secrets: readonly string[]): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  for (const [name, text] of Object.entries(outputs)) {
    for (const secret of secrets) {
      const forms = new Set([secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)]);
      if ([...forms].some((form) => text.includes(form))) found.push([name, secret]);
    }
  }
  return found;
}

const reportFiles = (dir: string): string[] => ['--json', join(dir, 'report.json'), '--junit', join(dir, 'report.xml'), '--html', join(dir, 'report.html')];

describe('a failing server run', () => {
  const TOKENS = { SVC_READER_TOKEN: '', SVC_EDITOR_TOKEN: '' };
  let server: RunningServer;
  let proxy: FaultProxy;
  let dir: string;
  let result: CliRun;
  let outputs: Record<string, string>;
  const webhookSecrets = new Set<string>();
  /** Checks that fail through the leaky proxy: a 403 turned 200, a secret listed, a create that answers 500. */
  const ONLY = 'auth.access-levels,auth.webhooks-need-architect,webhooks.secret-not-listed,command.create-client-id,command.update-partial,command.delete,command.entity-batch-delete,command.params-null';

  beforeAll(async () => {
    server = await startTestServer(storages[0]!);
    const { rows } = await server.db.query<{ user_id: string }>('SELECT user_id FROM api_tokens LIMIT 1');
    const userId = rows[0]?.user_id as string;
    TOKENS.SVC_READER_TOKEN = await issueToken(server.db, { accessLevel: 'reader', userId, label: 'reader (secrets test)' });
    TOKENS.SVC_EDITOR_TOKEN = await issueToken(server.db, { accessLevel: 'editor', userId, label: 'editor (secrets test)' });
    proxy = await startFaultProxy({ upstream: server.baseUrl, fault: leakyServerFault(webhookSecrets) });
    dir = await mkdtemp(join(tmpdir(), 'svc-secrets-server-'));
    // The Architect token on the command line, the lower ones from the environment: neither may show.
    result = await sh(process.execPath, [BIN, 'server', '--base-url', proxy.url, '--token', server.token, '--profile', 'quick', '--seed', '7', '--claims', 'all', '--concurrency', '1', '--only', ONLY, '--verbose', ...reportFiles(dir)], TOKENS);
    outputs = await outputsOf(result, dir);
  }, 300_000);
  afterAll(async () => {
    await proxy?.close();
    await server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('fails, and its answers did carry the secrets (so the masking had something to do)', () => {
    expect(result.code, result.stdout + result.stderr).toBe(1);
    expect(webhookSecrets.size).toBeGreaterThan(0);
    expect(result.stdout).toMatch(/^FAIL\s+MUST\s+auth\.access-levels/m);
    expect(result.stdout).toMatch(/^WARN\s+SHOULD\s+webhooks\.secret-not-listed/m);
    // Where a secret was, its placeholder is.
    expect(result.stdout).toContain('create failed for \\"Token $SVC_TOKEN\\"');
    expect(result.stdout).toContain('"secret":"<webhook secret>"');
    expect(result.stdout).toContain(`-H 'Authorization: Token '"$SVC_READER_TOKEN"`);
    expect(outputs['json']).toContain('Token $SVC_TOKEN');
  });

  it('shows no token and no webhook secret in stdout, stderr (--verbose), the JSON, JUnit or HTML report', () => {
    expect(leaks(outputs, [server.token, TOKENS.SVC_READER_TOKEN, TOKENS.SVC_EDITOR_TOKEN, ...webhookSecrets])).toEqual([]);
  });

  it.runIf(process.platform !== 'win32')('prints curl lines that run as printed with the tokens in the environment', async () => {
    const line = result.stdout.split('\n').map((l) => l.trim()).find((l) => l.startsWith('curl ') && l.includes('"$SVC_READER_TOKEN"') && l.includes('/api/webhooks/v2'));
    expect(line).toBeDefined();
    const curl = await sh('bash', ['-c', line as string], TOKENS);
    expect(curl.code, curl.stderr).toBe(0);
    expect(curl.stdout).toMatch(/^HTTP\/1\.1 200/);
    // The leaky proxy answers with the token it got: the one from the environment.
    expect(curl.stdout).toContain(`"acceptedAs":"Token ${TOKENS.SVC_READER_TOKEN}"`);
  });

  it('prints a reproduce line that runs as printed and fails the same checks again', async () => {
    const line = /^reproduce: (.*)$/m.exec(result.stdout)?.[1];
    expect(line).toMatch(/^npx svc-conformance server --base-url '[^']+' --token "\$SVC_TOKEN" --reader-token "\$SVC_READER_TOKEN" --editor-token "\$SVC_EDITOR_TOKEN" --seed 7 --runs \d+ --profile quick --claims 'all' --only /);
    // `npx svc-conformance` as where the package is installed: a directory whose node_modules/.bin
    // holds the command (here the CLI run from its sources, so that no build is needed).
    const installed = await mkdtemp(join(tmpdir(), 'svc-reproduce-'));
    await mkdir(join(installed, 'node_modules', '.bin'), { recursive: true });
    await symlink(BIN, join(installed, 'node_modules', '.bin', 'svc-conformance'));
    const again = await sh('bash', ['-c', line as string], { ...TOKENS, SVC_TOKEN: server.token }, installed);
    await rm(installed, { recursive: true, force: true });
    expect(again.code, again.stdout + again.stderr).toBe(1);
    const failed = (text: string): string[] => [...text.matchAll(/^(?:FAIL|WARN)\s+\S+\s+(\S+)/gm)].map((m) => m[1] as string).sort();
    expect(failed(again.stdout)).toEqual(failed(result.stdout));
    expect(leaks({ stdout: again.stdout, stderr: again.stderr }, [server.token, ...Object.values(TOKENS)])).toEqual([]);
  }, 300_000);

  describe('its HTML report in headless Chromium', () => {
    let browser: Browser | undefined;
    beforeAll(async () => {
      browser = await launchChromium();
    });
    afterAll(async () => {
      await browser?.close();
    });

    for (const width of [1280, 800]) it(`fits a ${width} px wide window: no horizontal scrolling, tables inside the page`, async (ctx) => {
      ctx.skip(!HAVE_CHROMIUM || browser === undefined, SKIP_REASON);
      const page = await (browser as Browser).newPage({ viewport: { width, height: 900 } });
      try {
        await page.goto(pathToFileURL(join(dir, 'report.html')).href);
        // Open every collapsed block, so that what it holds counts too.
        await page.evaluate(() => document.querySelectorAll('details').forEach((d) => d.setAttribute('open', '')));
        const sizes = await page.evaluate(() => ({
          scroll: document.documentElement.scrollWidth,
          client: document.documentElement.clientWidth,
          tables: Array.from(document.querySelectorAll('table')).map((t) => ({ id: t.id, right: t.getBoundingClientRect().right })),
        }));
        expect(sizes.scroll).toBeLessThanOrEqual(sizes.client);
        for (const table of sizes.tables) expect(table.right, `table ${table.id}`).toBeLessThanOrEqual(sizes.client);
      } finally {
        await page.close();
      }
    });

    it('groups the failures by cause with a count, and says first what to fix first', async (ctx) => {
      ctx.skip(!HAVE_CHROMIUM || browser === undefined, SKIP_REASON);
      const report = JSON.parse(outputs['json'] as string) as ConformanceReport;
      const page = await (browser as Browser).newPage({ viewport: { width: 1280, height: 900 } });
      try {
        await page.goto(pathToFileURL(join(dir, 'report.html')).href);
        const cards = await page.locator('#failures section.cause').evaluateAll((sections) =>
          sections.map((s) => ({ id: s.id, count: Number(s.getAttribute('data-count')), requirements: Number(s.getAttribute('data-requirements')), outcome: s.getAttribute('data-outcome'), title: s.querySelector('h3')?.textContent ?? '', text: (s.querySelector('.count')?.textContent ?? '').trim() })),
        );
        const findings = report.results.filter((r) => !['pass', 'skip'].includes(r.outcome));
        expect(cards.reduce((n, c) => n + c.count, 0)).toBe(findings.length);
        expect(cards.length).toBeLessThan(findings.length);
        // The creates that answered 500: one card, with its count shown.
        const creates = cards.find((c) => c.outcome === 'fail' && c.title.includes('got 500'));
        expect(creates?.count).toBeGreaterThanOrEqual(3);
        expect(creates?.text).toBe(`${creates?.count} MUST checks`);
        // Its first examples in full, the rest listed.
        const examples = await page.locator(`#${creates?.id} article.finding`).count();
        expect(examples).toBe(Math.min(3, creates?.count ?? 0));

        // The summary comes before the matrix and names the cause that affects the most requirements first.
        const fix = page.locator('#fix-first');
        expect(await fix.isVisible()).toBe(true);
        const [fixTop, matrixTop] = await Promise.all([fix.boundingBox(), page.locator('#matrix').boundingBox()]);
        expect((fixTop?.y ?? Infinity) < (matrixTop?.y ?? 0)).toBe(true);
        const items = await fix.locator('li[data-cause]').evaluateAll((lis) => lis.map((li) => li.getAttribute('data-cause')));
        const failing = cards.filter((c) => c.outcome === 'fail');
        expect(items).toEqual(failing.map((c) => c.id).slice(0, 8));
        // Ordered by the requirements each affects, most first.
        const affected = failing.map((c) => c.requirements);
        expect(affected).toEqual([...affected].sort((x, y) => y - x));
        await fix.locator('li[data-cause] a').first().click();
        expect(await page.evaluate(() => location.hash)).toBe(`#${failing[0]?.id}`);
      } finally {
        await page.close();
      }
    });
  });
});

describe('a failing app run', () => {
  const ACCOUNT = { token: 'AppAccountTOKEN-5d1e77aa' };
  const ISSUED = { accessToken: 'IssuedAccessTOKEN-0a9b8c7d', refreshToken: 'IssuedRefreshTOKEN-1f2e3d4c' };
  let app: MockApp;
  let proxy: FaultProxy;
  let dir: string;
  let result: CliRun;
  let outputs: Record<string, string>;

  beforeAll(async () => {
    const scenario = loadScenario(fileURLToPath(new URL('../../mock-app/scenarios/tracker.yaml', import.meta.url)));
    const type = scenario.accountTypes.find((t) => (t.validAccounts ?? []).length > 0);
    if (type?.validAccounts?.[0] === undefined) throw new Error('the tracker scenario lists no valid account');
    type.validAccounts[0].fields = { ...ACCOUNT };
    app = await startMockApp({ scenario, port: 0 });
    proxy = await startFaultProxy({ upstream: app.url, fault: leakyAppFault(ISSUED) });
    dir = await mkdtemp(join(tmpdir(), 'svc-secrets-app-'));
    result = await sh(process.execPath, [BIN, 'app', '--app-url', proxy.url, '--profile', 'quick', '--seed', '7', '--verbose', '--only', 'app.validate-account,app.schema,app.data-rows,app.validate-refresh', ...reportFiles(dir)], {
      SVC_APP_ACCOUNT: JSON.stringify(ACCOUNT),
    });
    outputs = await outputsOf(result, dir);
  }, 300_000);
  afterAll(async () => {
    await proxy?.close();
    await app?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('fails with the account and the OAuth tokens in its answers, and shows none of them anywhere', () => {
    expect(result.code, result.stdout + result.stderr).toBe(1);
    expect(result.stdout).toMatch(/^FAIL\s+MUST\s+app\.(schema|data-rows)/m);
    expect(leaks(outputs, [ACCOUNT.token, JSON.stringify(ACCOUNT), ISSUED.accessToken, ISSUED.refreshToken])).toEqual([]);
    expect(result.stdout).toContain('$SVC_APP_ACCOUNT');
    expect(result.stdout).toMatch(/<access_token>|\$SVC_APP_ACCOUNT/);
  });

  it('prints curl lines that send the account from $SVC_APP_ACCOUNT', async () => {
    const line = result.stdout.split('\n').map((l) => l.trim()).find((l) => l.startsWith('curl ') && l.includes('/api/v1/synchronizer/schema'));
    expect(line).toContain(`'"$SVC_APP_ACCOUNT"'`);
    const curl = await sh('bash', ['-c', line as string], { SVC_APP_ACCOUNT: JSON.stringify(ACCOUNT) });
    expect(curl.code, curl.stderr).toBe(0);
    // The leaky proxy quotes the account it got: the one from the environment.
    expect(curl.stdout).toContain(`cannot read with account {\\"token\\":\\"${ACCOUNT.token}\\"}`);
  });
});
