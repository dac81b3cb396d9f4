/**
 * Which account type of the app the run uses, from the `authentication` entries of its app
 * information and the account given on the command line (`--account`, `--account-type`):
 * the named type; else the first type whose fields match the account's keys; else, without an
 * account, the type without fields (an app without authentication needs no account).
 */
import type { components } from '../../../../generated/app/types.js';

export type AuthenticationEntry = components['schemas']['AuthenticationEntry'];
export type Account = components['schemas']['Account'];

export type AccountChoice =
  | { ok: true; entry: AuthenticationEntry; account: Account }
  /** `missing`: the app needs an account and none was given (checks that need one are skipped). */
  | { ok: false; missing: boolean; reason: string };

/** The fields of an entry that have a string id (an app's malformed fields are left out, not trusted). */
function fieldsOf(entry: AuthenticationEntry): Array<{ id: string; optional?: unknown }> {
  const fields: unknown = entry.fields;
  if (!Array.isArray(fields)) return [];
  return fields.filter((f): f is { id: string; optional?: unknown } => typeof f === 'object' && f !== null && typeof (f as { id?: unknown }).id === 'string');
}

function fieldIds(entry: AuthenticationEntry): string[] {
  return fieldsOf(entry).map((f) => f.id);
}

function requiredIds(entry: AuthenticationEntry): string[] {
  return fieldsOf(entry).filter((f) => f.optional !== true).map((f) => f.id);
}

/** `basic (username, password), public (no fields)`: the account types, for messages. */
export function describeEntries(entries: readonly AuthenticationEntry[]): string {
  return entries.map((e) => `${e.id} (${fieldIds(e).length > 0 ? fieldIds(e).join(', ') : 'no fields'})`).join(', ');
}

export function chooseAccount(entries: readonly AuthenticationEntry[], given: Account | undefined, typeId: string | undefined): AccountChoice {
  if (typeId !== undefined) {
    const entry = entries.find((e) => e.id === typeId);
    if (entry === undefined) return { ok: false, missing: false, reason: `the app lists no account type ${JSON.stringify(typeId)}; it lists ${describeEntries(entries) || 'none'}` };
    if (given === undefined && requiredIds(entry).length > 0) {
      return { ok: false, missing: true, reason: `account type ${entry.id} needs an account with the fields ${requiredIds(entry).join(', ')} (--account)` };
    }
    return { ok: true, entry, account: given ?? {} };
  }
  if (given === undefined) {
    const open = entries.find((e) => requiredIds(e).length === 0 && !['oauth', 'oauth2'].includes(e.id));
    if (open !== undefined) return { ok: true, entry: open, account: {} };
    return { ok: false, missing: true, reason: `the app needs an account: give --account with the field values of one account type: ${describeEntries(entries) || 'none listed'}` };
  }
  const keys = Object.keys(given);
  const exact = entries.find((e) => keys.every((k) => fieldIds(e).includes(k)) && requiredIds(e).every((id) => keys.includes(id)) && (keys.length > 0 || fieldIds(e).length === 0));
  if (exact !== undefined) return { ok: true, entry: exact, account: given };
  const covering = entries.find((e) => keys.length > 0 && keys.every((k) => fieldIds(e).includes(k)));
  if (covering !== undefined) return { ok: true, entry: covering, account: given };
  return {
    ok: false,
    missing: false,
    reason: `the account's keys (${keys.join(', ') || 'none'}) match the fields of no account type (${describeEntries(entries) || 'none listed'}); name one with --account-type`,
  };
}
