// Accounts as stored in `integration_accounts` (field values as JSON text: credentials, never
// returned by the API), and as the admin API shows them (`IntegrationAccount`).
import { randomUUID } from 'node:crypto';
import { deleteSource } from '../sync/source-store.js';
import type { components } from '../../../../generated/service/types.js';
import { Failure } from '../../api/failure.js';
import type { Queryable } from '../../db/database.js';
import { isUuid } from '../../model/value-codec.js';
import type { AccountRecord } from '../types.js';

export type IntegrationAccount = components['schemas']['IntegrationAccount'];

interface AccountRow {
  id: string;
  app_url: string;
  app_name: string;
  account_type: string;
  name: string;
  fields: string;
  created_at: unknown;
  warnings: string;
}

const COLUMNS = 'id, app_url, app_name, account_type, name, fields, created_at, warnings';

function iso(value: unknown): string {
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}

function parseFields(text: string): Record<string, unknown> {
  const value = JSON.parse(text) as unknown;
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function parseWarnings(text: string): string[] {
  const value = JSON.parse(text) as unknown;
  return Array.isArray(value) ? value.filter((w): w is string => typeof w === 'string') : [];
}

function fromRow(row: AccountRow): AccountRecord {
  return {
    id: row.id,
    appUrl: row.app_url,
    appName: row.app_name,
    accountType: row.account_type,
    name: row.name,
    fields: parseFields(row.fields),
    createdAt: iso(row.created_at),
    warnings: parseWarnings(row.warnings),
  };
}

/** The account as the API shows it: which fields hold a value, never the values. */
export function accountToApi(account: AccountRecord, baseUrl: string): IntegrationAccount {
  return {
    id: account.id,
    appUrl: account.appUrl,
    appName: account.appName,
    accountType: account.accountType,
    name: account.name,
    fieldNames: Object.keys(account.fields).filter((k) => account.fields[k] !== null && account.fields[k] !== undefined && account.fields[k] !== ''),
    createdAt: account.createdAt,
    eventsUrl: `${baseUrl}/api/integrations/events/${account.id}`,
    warnings: account.warnings,
  };
}

export async function insertAccount(q: Queryable, input: Omit<AccountRecord, 'id' | 'createdAt' | 'warnings'> & { warnings?: string[] }): Promise<AccountRecord> {
  const account: AccountRecord = { ...input, id: randomUUID(), createdAt: new Date().toISOString(), warnings: input.warnings ?? [] };
  await q.query(`INSERT INTO integration_accounts (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, [
    account.id,
    account.appUrl,
    account.appName,
    account.accountType,
    account.name,
    JSON.stringify(account.fields),
    account.createdAt,
    JSON.stringify(account.warnings),
  ]);
  return account;
}

export async function findAccount(q: Queryable, id: string): Promise<AccountRecord | undefined> {
  if (!isUuid(id)) return undefined;
  const { rows } = await q.query<AccountRow>(`SELECT ${COLUMNS} FROM integration_accounts WHERE id = $1`, [id.toLowerCase()]);
  return rows[0] ? fromRow(rows[0]) : undefined;
}

/** The account, or 404 `integration.error/account-not-found`. */
export async function loadAccount(q: Queryable, id: string): Promise<AccountRecord> {
  const account = await findAccount(q, id);
  if (!account) throw new Failure('integration.error/account-not-found', `There is no integration account ${JSON.stringify(id).slice(0, 80)}.`, { id }, 404);
  return account;
}

/** Every account, oldest first. */
export async function listAccounts(q: Queryable): Promise<AccountRecord[]> {
  const { rows } = await q.query<AccountRow>(`SELECT ${COLUMNS} FROM integration_accounts ORDER BY created_at, id`);
  return rows.map(fromRow);
}

export async function updateAccount(q: Queryable, id: string, changes: { name: string; fields: Record<string, unknown> }): Promise<void> {
  await q.query('UPDATE integration_accounts SET name = $2, fields = $3 WHERE id = $1', [id, changes.name, JSON.stringify(changes.fields)]);
}

/**
 * Deletes an account with its sources, their key index and run history (the synchronized
 * Databases and Entities stay, and so do the stored files they hold).
 */
export async function deleteAccountRows(tx: Queryable, id: string): Promise<void> {
  const { rows } = await tx.query<{ id: string }>('SELECT id FROM integration_sources WHERE account_id = $1', [id]);
  for (const source of rows) await deleteSource(tx, source.id);
  await tx.query('DELETE FROM integration_accounts WHERE id = $1', [id]);
}

/**
 * The sources of an account whose webhook registration's workspace is one of `workspaceIds`
 * (compared as text), oldest first: the sources an inbound event applies to (APP-069).
 */
export async function sourcesForWorkspaces(q: Queryable, accountId: string, workspaceIds: readonly unknown[]): Promise<string[]> {
  if (workspaceIds.length === 0) return [];
  const wanted = new Set(workspaceIds.map((w) => String(w)));
  const { rows } = await q.query<{ id: string; webhook_workspace_id: string | null }>(
    'SELECT id, webhook_workspace_id FROM integration_sources WHERE account_id = $1 ORDER BY created_at, id',
    [accountId],
  );
  return rows.filter((r) => r.webhook_workspace_id !== null && wanted.has(r.webhook_workspace_id)).map((r) => r.id);
}
