/**
 * The app's logo through the server (GET /api/integrations/accounts/<id>/logo,
 * spec/service.openapi.yaml): when the app's GET /logo fails (500 `{message}`, or 200 with a body
 * that is not an SVG) or has no logo (204), the server answers the default app logo: 200
 * `image/svg+xml` with an SVG document, the same one each time, not the app's answer. An app that
 * has a logo gets it shown as it is (so the default is not all the route answers). The failures
 * come first, before the app's logo was ever read, so a server that keeps logos cannot answer
 * the app's one from memory.
 */
import { describeRequest, fail } from '../../assert.js';
import { defineCheck, type CheckContext } from '../../check.js';
import type { HttpResponse } from '../../http.js';
import { INTEGRATIONS, addAccount } from './admin.js';
import { withMockApp } from './integration.js';
import { type MockApp, type Scenario } from './mock.js';
import { ACCOUNT_TYPE, GOOD_TOKEN, plainScenario } from './scenarios.js';

const APP_LOGO = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><title>conformance app logo</title><rect width="8" height="8" fill="#123456"/></svg>';
const ERROR_MESSAGE = 'conformance: the logo store is down';

function withLogo(logo: Scenario['logo']): Scenario {
  return { ...plainScenario(1), logo };
}

async function addLogoAccount(ctx: CheckContext, app: MockApp, accounts: string[]): Promise<string> {
  const account = await addAccount(ctx, { appUrl: app.url, accountType: ACCOUNT_TYPE, fields: { token: GOOD_TOKEN } });
  accounts.push(account.id);
  return account.id;
}

function logoOf(ctx: CheckContext, accountId: string): Promise<HttpResponse> {
  return ctx.http.get(`${INTEGRATIONS}/accounts/${encodeURIComponent(accountId)}/logo`);
}

/** 200 image/svg+xml with an SVG document; answers the document. */
function expectSvg(res: HttpResponse, what: string): string {
  if (res.status !== 200) fail(`${what}: expected 200 with an SVG from ${describeRequest(res)}, got ${res.status}`, res);
  const type = (res.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'image/svg+xml') fail(`${what}: expected Content-Type image/svg+xml, got ${JSON.stringify(res.headers['content-type'] ?? '(none)')}`, res);
  if (!/<svg[\s>]/i.test(res.text)) fail(`${what}: the body is not an SVG document (no <svg> element)`, res);
  return res.text;
}

/** The default logo: an SVG that is not the app's logo and does not carry the app's error. */
function expectDefault(res: HttpResponse, what: string, earlier: string | undefined): string {
  const svg = expectSvg(res, `APP-ERR-007 ${what}`);
  if (svg.includes('conformance app logo')) fail(`APP-ERR-007 ${what}: the server answered the app's logo, which the app never gave it (it failed)`, res);
  if (svg.includes(ERROR_MESSAGE) || svg.includes('Bad gateway')) fail(`APP-ERR-007 ${what}: the answer carries the app's failed answer instead of the default logo`, res);
  if (earlier !== undefined && svg !== earlier) fail(`APP-ERR-007 ${what}: the default logo differs from the one answered before (${earlier.slice(0, 120)}...)`, res);
  return svg;
}

export default defineCheck({
  id: 'sync.logo',
  name:
    'GET /api/integrations/accounts/<id>/logo answers the default app logo (200 image/svg+xml, an SVG, the same each time) when the app\'s GET /logo fails (500, a body that is not an SVG) or answers 204, ' +
    'and the app\'s own SVG when it has one',
  level: 'MUST',
  area: 'app',
  requirements: ['APP-ERR-007'],
  target: 'server',
  async run(ctx) {
    let fallback: string | undefined;
    await withMockApp(ctx, withLogo({ kind: 'svg', svg: APP_LOGO }), async (app, leftovers) => {
      const accountId = await addLogoAccount(ctx, app, leftovers.accounts);
      app.fail({ endpoint: 'logo', kind: 'error', status: 500, message: ERROR_MESSAGE });
      fallback = expectDefault(await logoOf(ctx, accountId), "the logo of an account whose app's GET /logo answers 500 {message}", fallback);
      app.fail({ endpoint: 'logo', kind: 'garbage' });
      fallback = expectDefault(await logoOf(ctx, accountId), "the logo of an account whose app's GET /logo answers 200 with a body that is not an SVG", fallback);
      const own = await logoOf(ctx, accountId);
      const svg = expectSvg(own, "the logo of an account whose app's GET /logo answers its SVG");
      if (svg !== APP_LOGO) fail(`the app's GET /logo answers its SVG; the server should show it as it is, it answered ${svg.slice(0, 200)}`, own);
    });
    await withMockApp(ctx, withLogo({ kind: 'none' }), async (app, leftovers) => {
      const accountId = await addLogoAccount(ctx, app, leftovers.accounts);
      expectDefault(await logoOf(ctx, accountId), "the logo of an account whose app's GET /logo answers 204 (no logo)", fallback);
    });
  },
});
