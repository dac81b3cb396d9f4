// Token refresh through `/validate` (contract, "Authentication > Integration apps" 3; AUTH-009,
// AUTH-013, AUTH-014): what the request carries, and how the answer's tokens replace the stored ones.
import type { AppValidateResponse } from '../types.js';
import type { ValidateRequest } from '../app/client.js';

/**
 * The `/validate` body of an account: its type and field values. An account that keeps its expiry
 * as `expires_on` (as the OAuth access-token step returns it) also sends it as `expire_on`, the
 * name the contract gives the refresh request.
 */
export function validateRequest(accountType: string, fields: Record<string, unknown>): ValidateRequest {
  const sent: ValidateRequest['fields'] = { ...fields };
  if (sent['expire_on'] === undefined && typeof fields['expires_on'] === 'string') sent.expire_on = fields['expires_on'];
  return { id: accountType, fields: sent };
}

/**
 * The field values after a `/validate` answer: a returned `access_token` and `refresh_token`
 * replace the stored ones; a returned `expire_on` (or `expires_on`, as some apps write it) becomes
 * `expire_on`, and `expires_on` too when the account keeps that name.
 */
export function withRefreshedTokens(fields: Record<string, unknown>, answer: AppValidateResponse): Record<string, unknown> {
  const next: Record<string, unknown> = { ...fields };
  if (typeof answer.access_token === 'string') next['access_token'] = answer.access_token;
  if (typeof answer.refresh_token === 'string') next['refresh_token'] = answer.refresh_token;
  const expiry = answer.expire_on ?? answer.expires_on;
  if (typeof expiry === 'string') {
    next['expire_on'] = expiry;
    if ('expires_on' in fields) next['expires_on'] = expiry;
  }
  return next;
}

/** Whether two field-value objects hold the same values (JSON-equal, key order aside). */
export function sameFields(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) return false;
  return true;
}
