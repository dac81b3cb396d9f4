/**
 * Completing an OAuth authorization through HTTP alone, as far as that is possible: the authorize
 * step, then the authorization page its redirect_uri leads to, followed (up to three hops) while
 * it stays on the app's own host (an app that serves the external system's pages itself, as the
 * mock app does), until it sends back to the callback: by a redirect whose Location is the
 * callback, or a page with a link to it. A page on another host needs a user to sign in there: the
 * flow cannot be completed and the reason is answered (the check using it skips). The access-token
 * step is then called as the service does (OAUTH-005, OAUTH-009) and its answer returned as it is.
 */
import { randomBytes } from 'node:crypto';
import { expectJson, expectStatus, fail } from '../../assert.js';
import type { CheckContext } from '../../check.js';
import type { HttpResponse } from '../../http.js';
import { isRecord } from '../../shapes.js';
import { appPost, getAbsolute } from './client.js';
import { CALLBACK_URI } from './oauth.js';
import { PATHS } from './session.js';

const HOPS = 3;

export type OAuthVersion = 'oauth' | 'oauth2';

export type FlowResult =
  /** `res`: the access-token step's answer (any status: the caller checks it). */
  | { ok: true; version: OAuthVersion; res: HttpResponse }
  /** Why the flow could not be completed without a user. */
  | { ok: false; version: OAuthVersion; reason: string };

function sameHost(a: URL, b: URL): boolean {
  return a.protocol === b.protocol && a.host === b.host;
}

/** The callback address in `text` (a Location or a page), if it is one: `CALLBACK_URI` with a query. */
function callbackIn(candidates: string[]): URL | undefined {
  for (const candidate of candidates) {
    const text = candidate.replace(/&amp;/g, '&');
    if (!text.startsWith(CALLBACK_URI)) continue;
    try {
      return new URL(text);
    } catch {
      continue;
    }
  }
  return undefined;
}

function links(html: string): string[] {
  return [...html.matchAll(/href\s*=\s*["']([^"']+)["']/gi)].map((m) => m[1] ?? '');
}

/** Follows the authorization page on the app's host to the callback; answers the callback address or why it cannot be reached. */
async function reachCallback(ctx: CheckContext, redirect: string, what: string, res: HttpResponse): Promise<URL | string> {
  let url: URL;
  try {
    url = new URL(redirect);
  } catch {
    fail(`${what}: redirect_uri ${JSON.stringify(redirect)} is not an absolute address`, res);
  }
  const app = new URL(`${ctx.baseUrl}/`);
  for (let hop = 0; hop < HOPS; hop += 1) {
    if (!sameHost(url, app)) return `the authorization page is at ${url.host}, outside the app: completing the flow needs a user to sign in there`;
    const page = await getAbsolute(ctx, url.href);
    const location = page.headers['location'];
    const back = callbackIn([...(location === undefined ? [] : [location]), ...links(page.text)]);
    if (back !== undefined) return back;
    if (page.status < 300 || page.status > 399 || location === undefined) {
      return `the app's authorization page ${url.href} (status ${page.status}) does not lead back to the callback without a user (a sign-in page?)`;
    }
    try {
      url = new URL(location, url);
    } catch {
      return `the app's authorization page ${url.href} redirects to ${JSON.stringify(location)}, which is not an address`;
    }
  }
  return `the app's authorization pages redirect more than ${HOPS} times without reaching the callback`;
}

/** The callback's query parameter, or a reason when the authorization came back without it (denied). */
function param(back: URL, name: string): string | undefined {
  const value = back.searchParams.get(name);
  return value === null || value === '' ? undefined : value;
}

/** OAuth 2: authorize {callback_uri, state}, the page, then access_token {fields: {callback_uri}, code}. */
export async function completeOAuth2(ctx: CheckContext): Promise<FlowResult> {
  const version = 'oauth2';
  const state = randomBytes(12).toString('hex');
  const what = 'prerequisite: starting an OAuth 2 authorization (see app.oauth2-authorize)';
  const res = await appPost(ctx, PATHS.oauth2Authorize, { callback_uri: CALLBACK_URI, state });
  expectStatus(res, 200, what);
  const body = expectJson(res, what);
  if (!isRecord(body) || typeof body['redirect_uri'] !== 'string') fail(`${what}: the answer has no redirect_uri`, res);
  const back = await reachCallback(ctx, body['redirect_uri'], what, res);
  if (typeof back === 'string') return { ok: false, version, reason: back };
  const code = param(back, 'code');
  if (code === undefined) return { ok: false, version, reason: `the authorization came back without a code (${back.href})` };
  return { ok: true, version, res: await appPost(ctx, PATHS.oauth2AccessToken, { fields: { callback_uri: CALLBACK_URI }, code }) };
}

/** OAuth 1: authorize {callback_uri}, the page, then access_token {fields: {access_token, access_secret, callback_uri}, oauth_verifier}. */
export async function completeOAuth1(ctx: CheckContext): Promise<FlowResult> {
  const version = 'oauth';
  const callback = `${CALLBACK_URI}?state=${randomBytes(12).toString('hex')}`;
  const what = 'prerequisite: starting an OAuth 1 authorization (see app.oauth1-authorize)';
  const res = await appPost(ctx, PATHS.oauth1Authorize, { callback_uri: callback });
  expectStatus(res, 200, what);
  const body = expectJson(res, what);
  if (!isRecord(body) || typeof body['redirect_uri'] !== 'string' || typeof body['token'] !== 'string') fail(`${what}: the answer has no redirect_uri and token`, res);
  const back = await reachCallback(ctx, body['redirect_uri'], what, res);
  if (typeof back === 'string') return { ok: false, version, reason: back };
  const verifier = param(back, 'oauth_verifier');
  if (verifier === undefined) return { ok: false, version, reason: `the authorization came back without an oauth_verifier (${back.href})` };
  const fields = { access_token: param(back, 'oauth_token') ?? body['token'], access_secret: typeof body['secret'] === 'string' ? body['secret'] : '', callback_uri: callback };
  return { ok: true, version, res: await appPost(ctx, PATHS.oauth1AccessToken, { fields, oauth_verifier: verifier }) };
}

/** Completes the flow of one OAuth version. */
export function completeOAuth(ctx: CheckContext, version: OAuthVersion): Promise<FlowResult> {
  return version === 'oauth2' ? completeOAuth2(ctx) : completeOAuth1(ctx);
}

/** A date or a timestamp (ISO text, or seconds / milliseconds since the epoch, as a number or digits). */
export function isDateOrTimestamp(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value) && value > 0;
  if (typeof value !== 'string' || value.trim() === '') return false;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return true;
  return !Number.isNaN(Date.parse(value));
}
