// OAuth 1 and OAuth 2 (authorization code grant) as the mock app plays both parts: the app's
// authorize / access-token steps and the external system's authorization page, which approves at
// once (or denies on `decision=deny`) and sends the user back to the callback address.
import { randomBytes } from 'node:crypto';
import type { AccountBook, TokenSet } from './accounts.js';

export type OAuthResult<T> = { ok: true; value: T } | { ok: false; status: number; message: string };

/** How long a request token or an authorization code can be used. */
const GRANT_LIFETIME_MS = 10 * 60 * 1000;
/** Pending grants kept at most (the oldest go first). */
const MAX_PENDING = 10_000;

interface RequestToken {
  token: string;
  secret: string;
  callbackUri: string;
  verifier?: string;
  used: boolean;
  createdAt: number;
}

interface Authorization {
  state: string;
  callbackUri: string;
  code?: string;
  createdAt: number;
}

interface Code {
  callbackUri: string;
  used: boolean;
  createdAt: number;
}

function secret(prefix: string): string {
  return `${prefix}-${randomBytes(12).toString('hex')}`;
}

function httpUrl(value: string): URL | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

function refuse<T>(status: number, message: string): OAuthResult<T> {
  return { ok: false, status, message };
}

function bounded<K, V>(map: Map<K, V>, key: K, value: V): void {
  map.set(key, value);
  if (map.size > MAX_PENDING) map.delete(map.keys().next().value as K);
}

export class OAuthFlows {
  private readonly requestTokens = new Map<string, RequestToken>();
  private readonly authorizations = new Map<string, Authorization>();
  private readonly codes = new Map<string, Code>();

  constructor(
    private readonly baseUrl: string,
    private readonly accounts: AccountBook,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether the app offers OAuth of this version (an account type `oauth` or `oauth2`). */
  offers(version: 1 | 2): boolean {
    return this.accounts.accountType(version === 1 ? 'oauth' : 'oauth2') !== undefined;
  }

  authorize1(callbackUri: string): OAuthResult<{ redirect_uri: string; token: string; secret: string }> {
    if (!this.offers(1)) return refuse(404, 'This app does not offer OAuth 1 (no account type "oauth").');
    if (!httpUrl(callbackUri)) return refuse(400, `callback_uri must be an http(s) address (got ${JSON.stringify(callbackUri)}).`);
    const requestToken: RequestToken = { token: secret('rq'), secret: secret('rs'), callbackUri, used: false, createdAt: this.now() };
    bounded(this.requestTokens, requestToken.token, requestToken);
    const redirect = new URL(`${this.baseUrl}/__external/oauth1/authorize`);
    redirect.searchParams.set('oauth_token', requestToken.token);
    return { ok: true, value: { redirect_uri: redirect.href, token: requestToken.token, secret: requestToken.secret } };
  }

  /** The external authorization page of OAuth 1: where to send the user back (callback with `oauth_token` and `oauth_verifier`, or `denied`). */
  externalAuthorize1(oauthToken: string | undefined, deny: boolean): OAuthResult<string> {
    const requestToken = oauthToken === undefined ? undefined : this.requestTokens.get(oauthToken);
    if (!requestToken || this.stale(requestToken.createdAt)) return refuse(400, 'Unknown or expired request token.');
    const back = new URL(requestToken.callbackUri);
    if (deny) {
      back.searchParams.set('denied', requestToken.token);
      return { ok: true, value: back.href };
    }
    requestToken.verifier = secret('vf');
    back.searchParams.set('oauth_token', requestToken.token);
    back.searchParams.set('oauth_verifier', requestToken.verifier);
    return { ok: true, value: back.href };
  }

  accessToken1(fields: Record<string, unknown>, verifier: string): OAuthResult<TokenSet> {
    if (!this.offers(1)) return refuse(404, 'This app does not offer OAuth 1 (no account type "oauth").');
    const requestToken = typeof fields.access_token === 'string' ? this.requestTokens.get(fields.access_token) : undefined;
    if (!requestToken || this.stale(requestToken.createdAt)) return refuse(401, 'Unknown or expired request token (fields.access_token).');
    if (fields.access_secret !== requestToken.secret) return refuse(401, 'The request token secret (fields.access_secret) does not match.');
    if (!requestToken.verifier) return refuse(401, 'The user has not authorized this request token.');
    if (requestToken.used) return refuse(401, 'The request token was exchanged already.');
    if (verifier !== requestToken.verifier) return refuse(401, 'The oauth_verifier does not match.');
    requestToken.used = true;
    return { ok: true, value: this.accounts.issue('oauth') };
  }

  authorize2(callbackUri: string, state: string): OAuthResult<{ redirect_uri: string }> {
    if (!this.offers(2)) return refuse(404, 'This app does not offer OAuth 2 (no account type "oauth2").');
    if (!httpUrl(callbackUri)) return refuse(400, `callback_uri must be an http(s) address (got ${JSON.stringify(callbackUri)}).`);
    bounded(this.authorizations, `${state}\n${callbackUri}`, { state, callbackUri, createdAt: this.now() });
    const redirect = new URL(`${this.baseUrl}/__external/oauth2/authorize`);
    redirect.searchParams.set('client_id', 'mock-app');
    redirect.searchParams.set('response_type', 'code');
    redirect.searchParams.set('state', state);
    redirect.searchParams.set('redirect_uri', callbackUri);
    return { ok: true, value: { redirect_uri: redirect.href } };
  }

  /** The external authorization page of OAuth 2: where to send the user back (callback with `code` and `state`, or `error`). */
  externalAuthorize2(state: string | undefined, redirectUri: string | undefined, deny: boolean): OAuthResult<string> {
    const authorization = state === undefined || redirectUri === undefined ? undefined : this.authorizations.get(`${state}\n${redirectUri}`);
    if (!authorization || this.stale(authorization.createdAt)) return refuse(400, 'No authorization was started with this state and redirect_uri.');
    const back = new URL(authorization.callbackUri);
    if (deny) {
      back.searchParams.set('error', 'access_denied');
    } else {
      if (authorization.code === undefined) {
        authorization.code = secret('code');
        bounded(this.codes, authorization.code, { callbackUri: authorization.callbackUri, used: false, createdAt: this.now() });
      }
      back.searchParams.set('code', authorization.code);
    }
    back.searchParams.set('state', authorization.state);
    return { ok: true, value: back.href };
  }

  accessToken2(fields: Record<string, unknown>, code: string): OAuthResult<TokenSet> {
    if (!this.offers(2)) return refuse(404, 'This app does not offer OAuth 2 (no account type "oauth2").');
    const grant = this.codes.get(code);
    if (!grant || this.stale(grant.createdAt)) return refuse(401, 'Unknown or expired authorization code.');
    if (grant.used) return refuse(401, 'The authorization code was exchanged already.');
    if (fields.callback_uri !== grant.callbackUri) return refuse(401, 'fields.callback_uri is not the callback address of the authorization.');
    grant.used = true;
    return { ok: true, value: this.accounts.issue('oauth2') };
  }

  private stale(createdAt: number): boolean {
    return this.now() - createdAt > GRANT_LIFETIME_MS;
  }
}
