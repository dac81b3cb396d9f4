// OAuth set-ups in progress (`integration_oauth_states`): a random state, valid for 10 minutes and
// used once; OAuth 1 set-ups also keep the request token and secret. Taking a state deletes it, so
// two callbacks with the same state cannot both succeed.
import { randomBytes } from 'node:crypto';
import { Failure } from '../../api/failure.js';
import type { Queryable } from '../../db/database.js';

/** How long a state may be used (spec: startIntegrationOAuth). */
export const OAUTH_STATE_LIFETIME_MS = 10 * 60_000;

export type OAuthVersion = 'oauth' | 'oauth2';

export interface OAuthState {
  state: string;
  appUrl: string;
  accountType: OAuthVersion;
  callbackUri: string;
  requestToken: string | null;
  requestSecret: string | null;
  createdAt: string;
}

interface StateRow {
  state: string;
  app_url: string;
  account_type: string;
  callback_uri: string;
  request_token: string | null;
  request_secret: string | null;
  created_at: unknown;
}

/** 128 random bits, hex. */
export function newState(): string {
  return randomBytes(16).toString('hex');
}

function invalid(message: string): Failure {
  return new Failure('integration.error/oauth-state-invalid', message, { field: 'state' }, 400);
}

/** Stores a set-up (and drops the expired ones). */
export async function saveState(q: Queryable, input: Omit<OAuthState, 'createdAt'>, now = Date.now()): Promise<void> {
  await q.query('DELETE FROM integration_oauth_states WHERE created_at < $1', [new Date(now - OAUTH_STATE_LIFETIME_MS).toISOString()]);
  await q.query(
    'INSERT INTO integration_oauth_states (state, app_url, account_type, callback_uri, request_token, request_secret, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
    [input.state, input.appUrl, input.accountType, input.callbackUri, input.requestToken, input.requestSecret, new Date(now).toISOString()],
  );
}

/** Takes a state once: unknown, used or expired is 400 `integration.error/oauth-state-invalid`. */
export async function takeState(q: Queryable, state: string, now = Date.now()): Promise<OAuthState> {
  const { rows } = await q.query<StateRow>(
    'DELETE FROM integration_oauth_states WHERE state = $1 RETURNING state, app_url, account_type, callback_uri, request_token, request_secret, created_at',
    [state],
  );
  const row = rows[0];
  if (!row) throw invalid('This OAuth state is unknown or was already used; start the account set-up again.');
  const createdAt = row.created_at instanceof Date ? row.created_at : new Date(String(row.created_at));
  if (now - createdAt.getTime() > OAUTH_STATE_LIFETIME_MS) throw invalid(`This OAuth state expired (a state is valid for ${OAUTH_STATE_LIFETIME_MS / 60_000} minutes); start the account set-up again.`);
  if (row.account_type !== 'oauth' && row.account_type !== 'oauth2') throw invalid('This OAuth state names no OAuth version.');
  return {
    state: row.state,
    appUrl: row.app_url,
    accountType: row.account_type,
    callbackUri: row.callback_uri,
    requestToken: row.request_token,
    requestSecret: row.request_secret,
    createdAt: createdAt.toISOString(),
  };
}
