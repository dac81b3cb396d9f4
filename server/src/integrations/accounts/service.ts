// What can be done with an integration account: add it (the app's information, then `/validate`),
// refresh it before an action (`/validate` again, storing new tokens), talk to its app, delete it
// (the app's clean-up first, APP-072/073, APP-ERR-006).
import { Failure } from '../../api/failure.js';
import type { ServerContext } from '../../server-context.js';
import { createAppClient, type AppClient } from '../app/client.js';
import { checkAppUrl } from '../app/url-check.js';
import type { AccountRecord, AppInformation } from '../types.js';
import { deleteAccountRows, insertAccount, loadAccount, updateAccount } from './store.js';
import { sameFields, validateRequest, withRefreshedTokens } from './tokens.js';

export interface NewAccount {
  appUrl: string;
  accountType: string;
  fields?: Record<string, unknown>;
}

/** The client of an app at `appUrl`, bounded by the server's app policy and settings. */
export function appClient(context: ServerContext, appUrl: string, signal?: AbortSignal): AppClient {
  return createAppClient(appUrl, { policy: context.appPolicy, settings: context.integrationSettings, signal });
}

/** The client of the account's app (`signal` cancels its calls, e.g. when the server closes). */
export function accountClient(context: ServerContext, account: AccountRecord, signal?: AbortSignal): AppClient {
  return appClient(context, account.appUrl, signal);
}

/** 400 `integration.error/account-type-unknown` unless `accountType` is one of the app's authentication entries. */
export function requireAccountType(info: AppInformation, accountType: string): void {
  const known = info.authentication.map((entry) => entry.id);
  if (!known.includes(accountType)) {
    throw new Failure(
      'integration.error/account-type-unknown',
      `"accountType" must be one of the app's account types (${known.map((k) => JSON.stringify(k)).join(', ')}); got ${JSON.stringify(accountType)}.`,
      { field: 'accountType', accountType, known },
      400,
    );
  }
}

/**
 * Validates field values with the app and stores the account: the name `/validate` returns, the
 * tokens it returns in place of the given ones. Used by the add route and the OAuth callback.
 */
export async function createValidatedAccount(
  context: ServerContext,
  client: AppClient,
  info: AppInformation,
  accountType: string,
  fields: Record<string, unknown>,
  warnings: string[] = [],
): Promise<AccountRecord> {
  const answer = await client.validate(validateRequest(accountType, fields));
  return insertAccount(context.db, {
    appUrl: client.appUrl,
    appName: info.name,
    accountType,
    name: answer.name,
    fields: withRefreshedTokens(fields, answer),
    warnings,
  });
}

/** Adds an account: checks the address, reads `GET /`, checks the account type, validates (APP-018). */
export async function addAccount(context: ServerContext, input: NewAccount): Promise<AccountRecord> {
  const appUrl = await checkAppUrl(context.appPolicy, input.appUrl);
  const client = appClient(context, appUrl);
  const { info, warnings } = await client.infoWithWarnings();
  requireAccountType(info, input.accountType);
  return createValidatedAccount(context, client, info, input.accountType, input.fields ?? {}, warnings);
}

/**
 * Calls `/validate` before an action that uses the account (AUTH-008: "runs ... before any action
 * that uses the account"); new tokens it returns are stored (AUTH-009, AUTH-013, AUTH-014).
 * Answers the account as it is now. A 401 is `integration.error/account-invalid`.
 */
export async function refreshAccount(context: ServerContext, account: AccountRecord): Promise<AccountRecord> {
  const answer = await accountClient(context, account).validate(validateRequest(account.accountType, account.fields));
  const fields = withRefreshedTokens(account.fields, answer);
  if (sameFields(fields, account.fields) && answer.name === account.name) return account;
  await updateAccount(context.db, account.id, { name: answer.name, fields });
  return { ...account, name: answer.name, fields };
}

/**
 * Deletes an account: the app's `DELETE /api/v1/account` with the account data first (404 and 405
 * count as "not implemented"); any other failure throws `integration.error/account-cleanup-failed`
 * and the account and its sources stay.
 */
export async function removeAccount(context: ServerContext, id: string): Promise<void> {
  const account = await loadAccount(context.db, id);
  await accountClient(context, account).deleteAccount(account.fields);
  await context.db.transaction((tx) => deleteAccountRows(tx, account.id));
}
