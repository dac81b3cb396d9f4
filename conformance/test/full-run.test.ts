// The suite as a user runs it: the svc-conformance CLI (bin) with the full profile (every check;
// 5 runs per property to keep CI short, `--runs`) against the reference server on pg-mem, writing
// the JSON, JUnit and HTML reports. Every check passes (none skipped: the reader token is given; http.rate-limit, which needs the server's limit, apart), the JSON report fits its schema, the
// traceability leaves no MUST of the server target uncovered, and the HTML report opens in
// Chromium and shows the matrix by area (skipped without Chromium unless SVC_REQUIRE_CHROMIUM=1).
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAVE_CHROMIUM, REQUIRE_CHROMIUM, launchChromium } from '../../scripts/chromium.js';
import type { ConformanceReport } from '../../generated/conformance/report.js';
import type { RunningServer } from '../../server/src/index.js';
import { issueToken } from '../../server/src/http/tokens.js';
import { startTestServer } from '../../server/test/storages.js';

const run = promisify(execFile);
const BIN = fileURLToPath(new URL('../bin/svc-conformance.js', import.meta.url));

describe('svc-conformance server --profile full against the reference server', () => {
  let server: RunningServer;
  let dir: string;
  let code: number;
  let stdout: string;
  let report: ConformanceReport;
  const files = { json: '', junit: '', html: '' };

  beforeAll(async () => {
    server = await startTestServer({ name: 'pg-mem' }, { appAllow: ['127.0.0.1'], integrations: { timeoutMs: 3000 } });
    const { rows } = await server.db.query<{ user_id: string }>('SELECT user_id FROM api_tokens LIMIT 1');
    const readerToken = await issueToken(server.db, { accessLevel: 'reader', userId: rows[0]?.user_id as string, label: 'a reader (full run)' });
    const editorToken = await issueToken(server.db, { accessLevel: 'editor', userId: rows[0]?.user_id as string, label: 'an editor (full run)' });
    dir = await mkdtemp(join(tmpdir(), 'svc-full-run-'));
    Object.assign(files, { json: join(dir, 'report.json'), junit: join(dir, 'report.xml'), html: join(dir, 'report.html') });
    const args = [BIN, 'server', '--base-url', server.baseUrl, '--token', server.token, '--reader-token', readerToken, '--editor-token', editorToken, '--profile', 'full', '--runs', '5', '--seed', '20261123'];
    try {
      ({ stdout } = await run(process.execPath, [...args, '--json', files.json, '--junit', files.junit, '--html', files.html], { env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 64 * 1024 * 1024 }));
      code = 0;
    } catch (error) {
      const e = error as { code?: number; stdout?: string };
      code = e.code ?? -1;
      stdout = e.stdout ?? '';
    }
    report = JSON.parse(await readFile(files.json, 'utf8')) as ConformanceReport;
  }, 600_000);

  afterAll(async () => {
    await server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('exits 0 and every check passes', () => {
    // http.rate-limit runs only when told the server's limit (conformance/test/rate-limit-check.test.ts runs it).
    const notPassed = report.results
      .filter((r) => r.outcome !== 'pass' && !(r.id === 'http.rate-limit' && r.outcome === 'skip'))
      .map((r) => `${r.outcome} ${r.id}: ${r.message ?? ''}`);
    expect(notPassed, stdout).toEqual([]);
    expect(code, stdout).toBe(0);
    expect(report.conformant).toBe(true);
    expect(report.profile).toBe('full');
    expect(report.numRuns).toBe(5);
    expect(report.selection.leftOutByProfile).toEqual([]);
    // Every check passes but http.rate-limit, skipped without the server's limit.
    expect(report.counts.pass).toBe(report.counts.total - 1);
    expect(report.results.find((r) => r.id === 'http.rate-limit')?.outcome).toBe('skip');
  });

  it('writes a JSON report that fits spec/conformance/report.schema.json', async () => {
    const schema = JSON.parse(await readFile(fileURLToPath(new URL('../../spec/conformance/report.schema.json', import.meta.url)), 'utf8')) as object;
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats.default(ajv);
    const validate = ajv.compile(schema);
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
  });

  it('leaves no MUST of the server target uncovered; every uncovered SHOULD and MAY has a written reason', () => {
    const uncovered = report.traceability.uncovered;
    expect(uncovered.filter((u) => u.level === 'MUST').map((u) => u.id)).toEqual([]);
    expect(uncovered.filter((u) => u.reason === undefined).map((u) => u.id)).toEqual([]);
    expect(report.traceability.coverage.MUST.uncovered).toBe(0);
    // A requirement is traced to the checks that cover it, with their outcomes in this run.
    const auth = report.traceability.requirements.find((r) => r.id === 'AUTH-001');
    expect(auth?.checks.map((c) => c.id)).toContain('auth.missing-token');
    expect(auth?.status).toBe('pass');
  });

  it('writes JUnit XML with one test case per check', async () => {
    const xml = await readFile(files.junit, 'utf8');
    expect(xml.match(/<testcase /g)?.length).toBe(report.results.length);
    expect(xml).not.toContain('<failure');
  });

  it.skipIf(!HAVE_CHROMIUM && !REQUIRE_CHROMIUM)('the HTML report opens in Chromium and shows the pass/fail matrix by area', async () => {
    const browser = await launchChromium();
    if (browser === undefined) throw new Error('Chromium is missing');
    try {
      const page = await browser.newPage();
      await page.goto(pathToFileURL(files.html).href);
      const matrix = page.locator('#matrix');
      await matrix.waitFor({ state: 'visible' });
      const rows = matrix.locator('tbody tr[data-area]');
      expect(await rows.count()).toBe(report.areas.length);
      for (const area of report.areas) {
        const row = matrix.locator(`tr[data-area="${area.area}"]`);
        expect(await row.isVisible(), area.area).toBe(true);
        expect(await row.innerText()).toContain(String(area.counts.pass));
      }
      expect(await page.locator('#traceability tbody tr').count()).toBe(report.traceability.requirements.length);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
