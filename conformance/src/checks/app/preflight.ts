/**
 * Before an app run (svc-conformance app): is the app reachable, and does the account given on
 * the command line fit one of its account types? Answers why the run cannot start, or undefined.
 * A GET / that answers but is broken is left to the checks (app.information reports it).
 */
import type { AppTargetOptions } from '../../check.js';
import { HttpClient } from '../../http.js';
import { isRecord } from '../../shapes.js';
import { chooseAccount, type AuthenticationEntry } from './account.js';
import { send } from './client.js';
import { PATHS } from './session.js';

export async function appPreflight(appUrl: string, options: AppTargetOptions, timeoutMs: number): Promise<string | undefined> {
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
  return choice.ok ? undefined : choice.reason;
}
