/**
 * Before an app run (svc-conformance app): is the app reachable, does the account given on the
 * command line fit one of its account types, and does the app accept it (POST /validate answers
 * 200)? Answers why the run cannot start, as one line with the fix, or undefined. An account the
 * app does not accept stops the run once (exit 2, with what the app answered) instead of failing
 * every check that needs it; `offline` (--offline-account) runs without a working account, only
 * the checks that need none (index.ts, ACCOUNT_FREE_CHECKS).
 * A GET / that answers but is broken is left to the checks (app.information reports it).
 */
import type { AppTargetOptions } from '../../check.js';
import { HttpClient, type HttpResponse } from '../../http.js';
import { isRecord } from '../../shapes.js';
import { chooseAccount, type AuthenticationEntry } from './account.js';
import { send } from './client.js';
import { PATHS } from './session.js';

const OFFLINE_HINT = 'or pass --offline-account to run only the checks that need no account';

/**
 * What the app answered, short: its `message` when it has one, else the start of the body; the
 * account's own values (a token the app may echo back) masked.
 */
function answered(res: HttpResponse, account: Record<string, unknown>): string {
  const message = isRecord(res.json) && typeof res.json['message'] === 'string' ? res.json['message'] : res.text;
  const secrets = Object.values(account).filter((v): v is string => typeof v === 'string' && v.length >= 4);
  const text = secrets.reduce((t, secret) => t.split(secret).join('***'), message).replace(/\s+/g, ' ').trim();
  return `${res.status}${text === '' ? '' : ` ${JSON.stringify(text.length > 200 ? `${text.slice(0, 200)}...` : text)}`}`;
}

export async function appPreflight(appUrl: string, options: AppTargetOptions, timeoutMs: number, offline = false): Promise<string | undefined> {
  const http = new HttpClient({ baseUrl: appUrl, token: '', timeoutMs });
  let body: unknown;
  try {
    const res = await send(http, http.buildRequest({ method: 'GET', path: PATHS.info, auth: 'none' }));
    body = res.status === 200 ? res.json : undefined;
  } catch (error) {
    return `cannot reach ${appUrl}: ${error instanceof Error ? error.message : String(error)}`;
  }
  const entries = isRecord(body) ? body['authentication'] : undefined;
  if (!Array.isArray(entries) || !entries.every((e) => isRecord(e) && typeof e['id'] === 'string')) return undefined;
  const choice = chooseAccount(entries as AuthenticationEntry[], options.account, options.accountType);
  if (!choice.ok) {
    if (choice.missing && offline) return undefined;
    return choice.missing ? `${choice.reason}; ${OFFLINE_HINT}` : choice.reason;
  }
  // Only an account given on the command line is tried: an app without authentication is left to app.validate-account.
  if (offline || options.account === undefined) return undefined;
  let res: HttpResponse;
  try {
    res = await send(http, http.buildRequest({ method: 'POST', path: PATHS.validate, auth: 'none', json: { id: choice.entry.id, fields: choice.account } }));
  } catch (error) {
    return `cannot validate the account at ${appUrl}: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (res.status === 200) return undefined;
  return `the app does not accept the account (account type ${choice.entry.id}): POST /validate answered ${answered(res, choice.account)}; fix --account (or $SVC_APP_ACCOUNT), ${OFFLINE_HINT}`;
}
