// OAuth account set-up (spec: startIntegrationOAuth, finishIntegrationOAuth; contract, "OAuth
// endpoints"). Start: the app's authorize step with this server's callback address (OAuth 1:
// `callback_uri` carries `?state=`; OAuth 2: `{callback_uri, state}`, and the answer's
// `redirect_uri` must keep the state). Finish: the one-time state, the app's access-token step,
// then `/validate` with account type `oauth` / `oauth2`, and the account is stored.
import type { components } from '../../../../generated/service/types.js';
import { Failure } from '../../api/failure.js';
import type { ServerContext } from '../../server-context.js';
import { appClient, createValidatedAccount, requireAccountType } from '../accounts/service.js';
import { AppCallError } from '../app/errors.js';
import { checkAppUrl } from '../app/url-check.js';
import type { AccountRecord } from '../types.js';
import { newState, saveState, takeState, type OAuthVersion } from './states.js';

export type OAuthStart = components['schemas']['OAuthStart'];

export const OAUTH_CALLBACK_PATH = '/api/integrations/oauth/callback';

export interface CallbackParams {
  state: string;
  oauthVerifier?: string;
  code?: string;
  /** OAuth 2 error response of the external system (`error`, `error_description`). */
  error?: string;
  errorDescription?: string;
}

/** Whether `redirectUri` carries `state` as its `state` parameter (in the query, or the fragment). */
function keepsState(redirectUri: URL, state: string): boolean {
  if (redirectUri.searchParams.get('state') === state) return true;
  return new URLSearchParams(redirectUri.hash.replace(/^#/, '')).get('state') === state;
}

/** The address the user is sent to: an absolute http(s) URL (never `javascript:` and the like). */
function redirectTarget(operation: string, raw: string, state?: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppCallError({ operation, message: `The app's redirect_uri is not an absolute URL (got ${JSON.stringify(raw.slice(0, 200))}).` });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new AppCallError({ operation, message: `The app's redirect_uri must be an http or https address; got ${url.protocol.replace(/:$/, '')}.` });
  }
  if (state !== undefined && !keepsState(url, state)) {
    throw new AppCallError({ operation, message: 'The app\'s redirect_uri does not carry the given state; the external system could not send the user back to this set-up.' });
  }
  return raw;
}

/** Starts a set-up: answers where to send the user, with the state that identifies it. */
export async function startOAuth(context: ServerContext, input: { appUrl: string; accountType: OAuthVersion }): Promise<OAuthStart> {
  const appUrl = await checkAppUrl(context.appPolicy, input.appUrl);
  const client = appClient(context, appUrl);
  requireAccountType(await client.info(), input.accountType);
  const state = newState();
  const callback = `${context.baseUrl()}${OAUTH_CALLBACK_PATH}`;
  if (input.accountType === 'oauth') {
    const callbackUri = `${callback}?state=${state}`;
    const answer = await client.oauth1Authorize({ callback_uri: callbackUri });
    const redirectUri = redirectTarget('oauth1/authorize', answer.redirect_uri);
    await saveState(context.db, { state, appUrl, accountType: 'oauth', callbackUri, requestToken: answer.token, requestSecret: answer.secret });
    return { redirectUri, state, callbackUri };
  }
  const answer = await client.oauth2Authorize({ callback_uri: callback, state });
  const redirectUri = redirectTarget('oauth2/authorize', answer.redirect_uri, state);
  await saveState(context.db, { state, appUrl, accountType: 'oauth2', callbackUri: callback, requestToken: null, requestSecret: null });
  return { redirectUri, state, callbackUri: callback };
}

function missing(field: string, message: string): Failure {
  return new Failure('request.error/invalid-parameter', message, { field }, 400);
}

/**
 * Finishes a set-up on the callback: takes the state (once), exchanges the verifier or code for
 * the account data, validates it with the app and stores the account.
 */
export async function finishOAuth(context: ServerContext, params: CallbackParams): Promise<AccountRecord> {
  const setup = await takeState(context.db, params.state);
  const client = appClient(context, setup.appUrl);
  let fields: Record<string, unknown>;
  if (setup.accountType === 'oauth') {
    if (params.oauthVerifier === undefined) throw missing('oauth_verifier', 'The callback of an OAuth 1 set-up needs the query parameter "oauth_verifier"; start the account set-up again.');
    fields = await client.oauth1AccessToken({
      fields: { access_token: setup.requestToken ?? '', access_secret: setup.requestSecret ?? '', callback_uri: setup.callbackUri },
      oauth_verifier: params.oauthVerifier,
    });
  } else {
    if (params.code === undefined) {
      const cause = params.error === undefined ? '' : ` The external system answered "${params.error}"${params.errorDescription ? `: ${params.errorDescription}` : ''}.`;
      throw missing('code', `The callback of an OAuth 2 set-up needs the query parameter "code".${cause} Start the account set-up again.`);
    }
    fields = await client.oauth2AccessToken({ fields: { callback_uri: setup.callbackUri }, code: params.code });
  }
  const { info, warnings } = await client.infoWithWarnings();
  requireAccountType(info, setup.accountType);
  return createValidatedAccount(context, client, info, setup.accountType, fields, warnings);
}
