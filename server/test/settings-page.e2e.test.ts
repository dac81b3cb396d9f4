// End-to-end test of the webhook settings screen (/settings/webhooks, issue 5): a person drives
// the page in headless Chromium (Debian's `chromium` through playwright-core) against a reference
// server on pg-mem, with a receiver on 127.0.0.1 where the deliveries land.
// Without /usr/bin/chromium the tests are skipped, unless SVC_REQUIRE_CHROMIUM=1 (CI) makes
// that a failure.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS, HAVE_CHROMIUM, REQUIRE_CHROMIUM, SKIP_REASON } from '../../scripts/chromium.js';
import type { components } from '../../generated/service/types.js';
import { issueToken } from '../src/http/tokens.js';
import type { RunningServer } from '../src/index.js';
import { startTestServer, storages } from './storages.js';

type Webhook = components['schemas']['Webhook'];
type ErrorBody = components['schemas']['ErrorBody'];

const DATABASE = 'Hooks/Tasks';
const TEST_TIMEOUT = 30_000;

interface Receiver {
  url: string;
  deliveries: Array<{ path: string; headers: IncomingMessage['headers']; body: string }>;
  close(): Promise<void>;
}

function startReceiver(): Promise<Receiver> {
  const deliveries: Receiver['deliveries'] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      deliveries.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        deliveries,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}.`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('webhook settings page in headless Chromium', () => {
  let server: RunningServer;
  let receiver: Receiver;
  let browser: Browser;
  let shots: string;

  const api = async (method: string, path: string, body?: unknown, token = server.token): Promise<{ status: number; json: unknown }> => {
    const res = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { authorization: `Token ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, json: text ? (JSON.parse(text) as unknown) : undefined };
  };
  const command = async (cmd: unknown): Promise<unknown> => {
    const { status, json } = await api('POST', '/api/commands', cmd);
    const answer = json as { success?: boolean; result?: unknown };
    if (status !== 200 || answer.success !== true) throw new Error(`${JSON.stringify(cmd)} answered ${status}: ${JSON.stringify(json)}`);
    return answer.result;
  };
  const listWebhooks = async (): Promise<Webhook[]> => {
    const { status, json } = await api('GET', '/api/webhooks/v2');
    if (status !== 200) throw new Error(`GET /api/webhooks/v2 answered ${status}: ${JSON.stringify(json)}`);
    return json as Webhook[];
  };

  /** A fresh tab (its own session storage) that records page errors and request URLs. */
  const open = async (): Promise<{ context: BrowserContext; page: Page; pageErrors: string[]; cspViolations: string[]; requested: string[] }> => {
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(8_000);
    const pageErrors: string[] = [];
    const cspViolations: string[] = [];
    const requested: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (/Content.Security.Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    page.on('request', (request) => requested.push(request.url()));
    const response = await page.goto(`${server.baseUrl}/settings/webhooks`);
    expect(response?.status()).toBe(200);
    const headers = response?.headers() ?? {};
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['content-security-policy']).not.toContain('unsafe-inline');
    expect(headers['x-content-type-options']).toBe('nosniff');
    return { context, page, pageErrors, cspViolations, requested };
  };

  const useToken = async (page: Page, token: string): Promise<void> => {
    await page.getByLabel('API token').fill(token);
    await page.getByRole('button', { name: 'Use token' }).click();
  };
  const alertText = async (page: Page, containing: string): Promise<string> => {
    const alert = page.getByRole('alert').filter({ hasText: containing });
    await alert.waitFor({ state: 'visible' });
    return (await alert.textContent()) ?? '';
  };

  beforeAll(async () => {
    if (!HAVE_CHROMIUM) {
      if (REQUIRE_CHROMIUM) throw new Error(`SVC_REQUIRE_CHROMIUM=1 but ${CHROMIUM} is missing: install Debian's chromium package (.ci/run does).`);
      return;
    }
    [server, receiver, browser, shots] = await Promise.all([
      // Deliveries go to the receiver on 127.0.0.1, a loopback address the server refuses by default.
      startTestServer(storages[0], { webhookAllow: ['127.0.0.1'] }),
      startReceiver(),
      chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS }),
      mkdtemp(join(tmpdir(), 'svc-settings-page-')),
    ]);
    await command({
      command: 'svc.schema/batch',
      args: {
        commands: [{ command: 'schema.type/create', args: { 'svc/name': DATABASE, 'svc/fields': [{ 'svc/name': 'Hooks/Title', 'svc/type': 'svc/text' }] } }],
      },
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await receiver?.close();
    if (shots) await rm(shots, { recursive: true, force: true });
  });

  it(
    'lists, adds and deletes a webhook, shows its runs, its secret once, and the errors of bad input',
    async (ctx) => {
      ctx.skip(!HAVE_CHROMIUM, SKIP_REASON);
      const { context, page, pageErrors, cspViolations, requested } = await open();
      try {
        await page.getByText('Enter a token to see the webhooks.').waitFor();
        await useToken(page, server.token);
        await page.getByText('No webhooks yet.').waitFor();
        // The Database suggestions come from svc.schema/query.
        await until('the Database suggestions', async () => ((await page.locator(`#database-names option[value="${DATABASE}"]`).count()) > 0 ? true : undefined), 5_000);

        // Add one: the secret is shown once, the webhook is listed.
        const target = `${receiver.url}/hook`;
        await page.getByLabel('Target URL').fill(target);
        await page.getByLabel('Database').fill(DATABASE);
        await page.getByRole('button', { name: 'Add webhook' }).click();
        const secret = page.getByLabel('Secret', { exact: true });
        await secret.or(page.getByRole('alert')).first().waitFor({ state: 'visible' });
        if (await page.getByRole('alert').isVisible()) throw new Error(`Adding the webhook failed on the page: ${await page.getByRole('alert').textContent()}`);
        expect(await secret.inputValue()).toMatch(/^whsec_./);
        const [created] = await listWebhooks();
        expect(created).toMatchObject({ url: target, type: DATABASE, state: 'active', version: '2', runs: [] });
        const row = page.getByRole('row').filter({ hasText: target });
        await row.waitFor();
        expect(await row.textContent()).toContain(DATABASE);
        expect(await row.textContent()).toContain('No runs yet');

        // A change in the Database is delivered; after a reload the page shows the run.
        await command({ command: 'svc.entity/create', args: { type: DATABASE, entity: { 'Hooks/Title': 'ring the bell' } } });
        await until('a delivery at the receiver', () => (receiver.deliveries.length > 0 ? true : undefined));
        await until('the run in GET /api/webhooks/v2', async () => ((await listWebhooks())[0]?.runs.length ? true : undefined));
        await page.getByRole('button', { name: 'Reload list' }).click();
        await row.getByText('1 run, latest').waitFor();
        await row.getByText('1 run, latest').click();
        const runs = row.getByRole('table', { name: `Runs of webhook ${created.id}, newest first` });
        await runs.waitFor();
        const runRow = runs.getByRole('row').nth(1);
        expect(await runRow.getByRole('cell').first().textContent()).toBe('200');
        expect(await runRow.textContent()).toMatch(/\d+ ms/);

        const shot = join(shots, 'settings-webhooks.png');
        await page.screenshot({ path: shot, fullPage: true });
        expect((await stat(shot)).size).toBeGreaterThan(1000);

        // The secret is not shown again; the token survives a reload (session storage).
        await page.reload();
        await row.getByText('1 run, latest').waitFor();
        expect(await page.getByLabel('Secret', { exact: true }).isVisible()).toBe(false);
        expect(await page.evaluate(() => sessionStorage.getItem('svc-kit.settings.token'))).toBe(server.token);

        // Delete it (after confirming).
        page.once('dialog', (dialog) => void dialog.accept());
        await page.getByRole('button', { name: `Delete webhook ${created.id} (${target})` }).click();
        await page.getByText('No webhooks yet.').waitFor();
        await row.waitFor({ state: 'detached' });
        expect(await listWebhooks()).toEqual([]);

        // A bad URL: the server's message is shown and the field is marked.
        const badUrl = 'ftp://127.0.0.1/hook';
        const refused = await api('POST', '/api/webhooks/v2', { url: badUrl, type: DATABASE });
        expect(refused.status).toBe(400);
        const refusal = refused.json as ErrorBody;
        await page.getByLabel('Target URL').fill(badUrl);
        await page.getByLabel('Database').fill(DATABASE);
        await page.getByRole('button', { name: 'Add webhook' }).click();
        expect(await alertText(page, refusal.message)).toContain(refusal.name);
        expect(await page.getByLabel('Target URL').getAttribute('aria-invalid')).toBe('true');

        // Text from the API is shown as text, never as markup.
        const markup = '<img src=x onerror="document.title=1">';
        const unknownType = await api('POST', '/api/webhooks/v2', { url: target, type: markup });
        expect(unknownType.status).toBe(400);
        await page.getByLabel('Target URL').fill(target);
        await page.getByLabel('Database').fill(markup);
        await page.getByRole('button', { name: 'Add webhook' }).click();
        await alertText(page, (unknownType.json as ErrorBody).message);
        expect(await page.locator('img').count()).toBe(0);
        expect(await listWebhooks()).toEqual([]);

        expect(requested.filter((url) => url.includes(server.token))).toEqual([]);
        expect(pageErrors).toEqual([]);
        expect(cspViolations).toEqual([]);
      } finally {
        await context.close();
      }
    },
    TEST_TIMEOUT,
  );

  it(
    'shows the 401 message for a wrong token and the 403 message for a token below Architect',
    async (ctx) => {
      ctx.skip(!HAVE_CHROMIUM, SKIP_REASON);
      const { context, page, pageErrors } = await open();
      try {
        const wrong = await api('GET', '/api/webhooks/v2', undefined, 'svc_wrong-token');
        expect(wrong.status).toBe(401);
        await useToken(page, 'svc_wrong-token');
        expect(await alertText(page, (wrong.json as ErrorBody).message)).toContain('HTTP 401');
        expect(await page.getByLabel('API token').getAttribute('aria-invalid')).toBe('true');
        expect(await page.evaluate(() => sessionStorage.getItem('svc-kit.settings.token'))).toBeNull();

        const { rows } = await server.db.query<{ user_id: string }>('SELECT user_id FROM api_tokens LIMIT 1');
        const editor = await issueToken(server.db, { accessLevel: 'editor', userId: rows[0].user_id, label: 'settings page test' });
        const forbidden = await api('GET', '/api/webhooks/v2', undefined, editor);
        expect(forbidden.status).toBe(403);
        await useToken(page, editor);
        expect(await alertText(page, (forbidden.json as ErrorBody).message)).toContain('HTTP 403');
        expect(pageErrors).toEqual([]);
      } finally {
        await context.close();
      }
    },
    TEST_TIMEOUT,
  );
});
