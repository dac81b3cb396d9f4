// End-to-end test of the HTML conformance report: the rendered file (report-fixture.ts) is written
// to a temporary directory and opened from a file:// URL in headless Chromium (Debian's `chromium`
// through playwright-core), with JS on and off. It also parses the JUnit XML with Chromium's
// DOMParser, a real XML 1.0 parser.
// Without /usr/bin/chromium the tests are skipped, unless SVC_REQUIRE_CHROMIUM=1 (CI) makes
// that a failure.
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS, HAVE_CHROMIUM, REQUIRE_CHROMIUM, SKIP_REASON } from '../../scripts/chromium.js';
import { renderHtml } from '../src/reports/html.js';
import { renderJunit } from '../src/reports/junit.js';
import { AREAS, CURL, HOSTILE, OUTCOMES, reportFixture } from './report-fixture.js';

const TEST_TIMEOUT = 30_000;

interface Tab {
  context: BrowserContext;
  page: Page;
  /** Page errors, CSP violations, dialogs (an alert would be injected script) and non-file requests. */
  problems: string[];
}

describe('HTML conformance report in headless Chromium', () => {
  const report = reportFixture();
  let browser: Browser;
  let dir: string;
  let url: string;

  const open = async (javaScriptEnabled: boolean): Promise<Tab> => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled, permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    page.setDefaultTimeout(8_000);
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' || /Content.Security.Policy/i.test(message.text())) problems.push(`console: ${message.text()}`);
    });
    page.on('dialog', (dialog) => {
      problems.push(`dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
    page.on('request', (request) => {
      if (!request.url().startsWith('file://')) problems.push(`request: ${request.url()}`);
    });
    await page.goto(url);
    return { context, page, problems };
  };

  beforeAll(async () => {
    if (!HAVE_CHROMIUM) {
      if (REQUIRE_CHROMIUM) throw new Error(`SVC_REQUIRE_CHROMIUM=1 but ${CHROMIUM} is missing: install Debian's chromium package (.ci/run does).`);
      return;
    }
    [browser, dir] = await Promise.all([chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS }), mkdtemp(join(tmpdir(), 'svc-report-html-'))]);
    const file = join(dir, 'conformance report.html');
    await writeFile(file, renderHtml(report), 'utf8');
    url = pathToFileURL(file).href;
  });
  afterAll(async () => {
    await browser?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it(
    'shows the matrix by area, the failures with their curl line, and the traceability table',
    async (ctx) => {
      ctx.skip(!HAVE_CHROMIUM, SKIP_REASON);
      const { context, page, problems } = await open(true);
      try {
        await expect(page.title()).resolves.toBe('svc-conformance server: NOT conformant');
        expect(await page.locator('#verdict').innerText()).toContain('NOT conformant');

        // The matrix: one visible row per area, with the right counts.
        const matrix = page.locator('#matrix');
        await matrix.waitFor({ state: 'visible' });
        const rows = matrix.locator('tbody tr[data-area]');
        expect(await rows.count()).toBe(AREAS.length);
        for (const [index, { area, counts }] of report.areas.entries()) {
          const row = rows.nth(index);
          expect(await row.isVisible()).toBe(true);
          expect(await row.getAttribute('data-area')).toBe(area);
          const numbers = (await row.locator('td.num').allInnerTexts()).map((t) => t.trim());
          expect(numbers).toEqual([counts.total, ...OUTCOMES.map((o) => counts[o])].map(String));
          expect(await row.locator('a.cell').count()).toBe(counts.total);
        }
        const shot = join(dir, 'report.png');
        await page.screenshot({ path: shot, fullPage: true });
        expect((await stat(shot)).size).toBeGreaterThan(1000);

        // The failure shows its curl line and its counterexample as text; the copy button works.
        const failure = page.locator('#failures article[data-check="auth.entity-names"]');
        await failure.scrollIntoViewIfNeeded();
        const curl = failure.locator('.curl pre');
        expect(await curl.isVisible()).toBe(true);
        expect(await curl.textContent()).toBe(CURL);
        expect(await failure.locator('pre').first().innerText()).toContain(HOSTILE);
        await failure.getByRole('button', { name: 'Copy curl line' }).click();
        const copy = failure.locator('button.copy');
        await expect.poll(() => copy.innerText()).toBe('Copied');
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(CURL);

        // The traceability table has the requirement rows.
        const trace = page.locator('#traceability');
        await trace.scrollIntoViewIfNeeded();
        expect(await trace.isVisible()).toBe(true);
        const requirements = await trace.locator('tbody tr[data-requirement]').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-requirement')));
        expect(requirements).toEqual(report.traceability.requirements.map((r) => r.id));
        expect(await trace.locator('tr[data-requirement="EVT-001"]').innerText()).toContain('UNCOVERED');
        expect(await page.locator('#uncovered li.gap').innerText()).toContain('GAP (MUST)');

        // A cell of a check in a closed area opens it and shows the check's row.
        const skipped = page.locator('#check-query\\.fulltext');
        expect(await skipped.isVisible()).toBe(false);
        await matrix.locator('a.cell[href="#check-query.fulltext"]').click();
        await skipped.waitFor({ state: 'visible' });
        expect(await page.locator('details[data-area="query"]').getAttribute('open')).not.toBeNull();

        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    },
    TEST_TIMEOUT,
  );

  it(
    'is readable without JS: matrix, failures and traceability show, the copy button stays hidden',
    async (ctx) => {
      ctx.skip(!HAVE_CHROMIUM, SKIP_REASON);
      const { context, page, problems } = await open(false);
      try {
        await page.locator('#matrix').waitFor({ state: 'visible' });
        expect(await page.locator('#matrix tbody tr[data-area]').count()).toBe(AREAS.length);
        expect(await page.locator('#failures .curl pre').first().isVisible()).toBe(true);
        expect(await page.locator('#failures button.copy').first().isVisible()).toBe(false);
        expect(await page.locator('#traceability tbody tr[data-requirement]').count()).toBe(report.traceability.requirements.length);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    },
    TEST_TIMEOUT,
  );

  it(
    'writes JUnit XML that a browser XML parser reads, with the right counts',
    async (ctx) => {
      ctx.skip(!HAVE_CHROMIUM, SKIP_REASON);
      const { context, page } = await open(true);
      try {
        const parsed = await page.evaluate((xml) => {
          const doc = new DOMParser().parseFromString(xml, 'application/xml');
          const error = doc.getElementsByTagName('parsererror')[0];
          const root = doc.documentElement;
          return {
            error: error?.textContent ?? null,
            root: root.tagName,
            suites: Array.from(root.getElementsByTagName('testsuite'), (s) => s.getAttribute('name')),
            totals: ['tests', 'failures', 'errors', 'skipped'].map((a) => root.getAttribute(a)),
            cases: root.getElementsByTagName('testcase').length,
            failureMessage: root.querySelector('testcase[name^="auth.entity-names:"] > failure')?.getAttribute('message') ?? null,
          };
        }, renderJunit(report));
        expect(parsed.error).toBeNull();
        expect(parsed.root).toBe('testsuites');
        expect(parsed.suites).toEqual(AREAS.map((a) => `svc-conformance.server.${a}`));
        expect(parsed.totals).toEqual(['10', '2', '1', '2']);
        expect(parsed.cases).toBe(report.results.length);
        expect(parsed.failureMessage).toBe(`expected status 200, got 500 for "${HOSTILE}"`);
      } finally {
        await context.close();
      }
    },
    TEST_TIMEOUT,
  );
});
