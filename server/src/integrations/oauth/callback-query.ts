// The OAuth callback's query, read by hand: the callback is called by a browser without a token,
// before the OpenAPI validator (spec: finishIntegrationOAuth). `state` is required (at most 200
// characters), `oauth_verifier`, `oauth_token` and `code` optional (at most 2000), each given once.
// Other parameters an external system adds (`scope`, `iss`, ...) are ignored.
import { Failure } from '../../api/failure.js';
import type { CallbackParams } from './flow.js';

const LIMITS: Record<string, number> = { state: 200, oauth_verifier: 2000, oauth_token: 2000, code: 2000, error: 2000, error_description: 2000 };

function invalid(field: string, message: string): Failure {
  return new Failure('request.error/invalid-parameter', `Invalid request: ${message}`, { field }, 400);
}

function single(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalid(name, `the query parameter "${name}" must be given once, as text.`);
  const limit = LIMITS[name] ?? 2000;
  if (value.length > limit) throw invalid(name, `the query parameter "${name}" is longer than ${limit} characters.`);
  return value;
}

export function readCallbackQuery(query: Record<string, unknown>): CallbackParams {
  const state = single(query, 'state');
  if (state === undefined || state === '') throw invalid('state', 'the query parameter "state" is required (the state given when the set-up started).');
  single(query, 'oauth_token');
  const params: CallbackParams = { state };
  const oauthVerifier = single(query, 'oauth_verifier');
  const code = single(query, 'code');
  const error = single(query, 'error');
  const errorDescription = single(query, 'error_description');
  if (oauthVerifier !== undefined && oauthVerifier !== '') params.oauthVerifier = oauthVerifier;
  if (code !== undefined && code !== '') params.code = code;
  if (error !== undefined) params.error = error;
  if (errorDescription !== undefined) params.errorDescription = errorDescription;
  return params;
}
