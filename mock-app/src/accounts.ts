// Accounts of the mock app: which field values are accepted (the scenario's `validAccounts`),
// the access and refresh tokens it issued (OAuth, or seeded by `validAccounts`), their expiry and
// revocation, and token refresh through `/validate`.
import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { AppSchemas } from './contract.js';
import type { ScenarioAccount, ScenarioAccountType } from './scenario-types.js';

export interface TokenSet {
  access_token: string;
  refresh_token: string;
  /** ISO 8601 timestamp. */
  expires_on: string;
}

interface TokenRecord {
  accessToken: string;
  refreshToken?: string;
  accountType: string;
  name: string;
  expiresAt: number;
  expired: boolean;
  revoked: boolean;
}

export type AccountCheck = { ok: true; name: string } | { ok: false; message: string };

export type ValidateAnswer = { ok: true; body: AppSchemas['ValidateResponse'] } | { ok: false; message: string };

export const TOKEN_EXPIRED = 'token expired';
const DEFAULT_LIFETIME_S = 3600;

function newToken(prefix: string): string {
  return `${prefix}-${randomBytes(12).toString('hex')}`;
}

function holds(account: Record<string, unknown>, wanted: ScenarioAccount): boolean {
  return Object.entries(wanted.fields).every(([key, value]) => isDeepStrictEqual(account[key], value));
}

function isTokenAccount(account: ScenarioAccount): boolean {
  return typeof account.fields.access_token === 'string';
}

/**
 * The accounts of a type matched by field values (not by a token the app issued); undefined
 * when any account is accepted (a type without `validAccounts` that is not OAuth).
 */
function fieldAccounts(type: ScenarioAccountType): ScenarioAccount[] | undefined {
  if (!type.validAccounts) return type.id === 'oauth' || type.id === 'oauth2' ? [] : undefined;
  return type.validAccounts.filter((account) => !isTokenAccount(account));
}

export class AccountBook {
  private readonly tokens = new Map<string, TokenRecord>();
  private readonly refreshTokens = new Map<string, TokenRecord>();

  constructor(
    private readonly types: ScenarioAccountType[],
    private readonly now: () => number = Date.now,
  ) {
    for (const type of types) {
      for (const account of type.validAccounts ?? []) {
        if (!isTokenAccount(account)) continue;
        const refresh = account.fields.refresh_token;
        this.remember({
          accessToken: account.fields.access_token as string,
          refreshToken: typeof refresh === 'string' ? refresh : undefined,
          accountType: type.id,
          name: account.name,
          expiresAt: Number.POSITIVE_INFINITY,
          expired: false,
          revoked: false,
        });
      }
    }
  }

  accountType(id: string): ScenarioAccountType | undefined {
    return this.types.find((t) => t.id === id);
  }

  /** Issues a new access token (and refresh token) for an account of `typeId` (an OAuth flow that finished). */
  issue(typeId: string): TokenSet {
    const type = this.accountType(typeId);
    if (!type) throw new Error(`unknown account type "${typeId}"`);
    const record = this.newRecord(type, newToken('rt'));
    return { access_token: record.accessToken, refresh_token: record.refreshToken as string, expires_on: new Date(record.expiresAt).toISOString() };
  }

  /** Whether an account (as passed to the synchronizer endpoints) is accepted. */
  check(account: Record<string, unknown> | undefined): AccountCheck {
    const values = account ?? {};
    const token = this.liveToken(values.access_token);
    if (token) return token;
    for (const type of this.types) {
      const accounts = fieldAccounts(type);
      if (!accounts) return { ok: true, name: type.name };
      const found = accounts.find((a) => holds(values, a));
      if (found) return { ok: true, name: found.name };
    }
    return { ok: false, message: 'Invalid account: the external system does not accept these credentials.' };
  }

  /** `/validate`: the account's name, refreshing its token when `fields.refresh_token` is one the app issued. */
  validate(typeId: string, fields: Record<string, unknown>): ValidateAnswer {
    const type = this.accountType(typeId);
    if (!type) return { ok: false, message: `Unknown account type "${typeId}" (this app has ${this.types.map((t) => t.id).join(', ')}).` };
    const refresh = typeof fields.refresh_token === 'string' ? this.refreshTokens.get(fields.refresh_token) : undefined;
    if (refresh && refresh.accountType === typeId) {
      const record = this.newRecord(type, type.oauth?.rotateRefreshToken ? newToken('rt') : (refresh.refreshToken as string), refresh);
      return {
        ok: true,
        body: { name: record.name, access_token: record.accessToken, refresh_token: record.refreshToken, expire_on: new Date(record.expiresAt).toISOString() },
      };
    }
    const token = this.liveToken(fields.access_token, typeId);
    if (token) return token.ok ? { ok: true, body: { name: token.name } } : token;
    const accounts = fieldAccounts(type);
    if (!accounts) return { ok: true, body: { name: type.name } };
    const found = accounts.find((a) => holds(fields, a));
    if (found) return { ok: true, body: { name: found.name } };
    return { ok: false, message: `Invalid account: the external system does not accept these ${type.name} credentials.` };
  }

  /** Every access token issued so far expires (failure `expiredToken`); refresh tokens keep working. */
  expireAll(): void {
    for (const record of this.tokens.values()) record.expired = true;
  }

  /** Revokes the account's grant (account deletion): its access token, every token refreshed from the same refresh token, and that refresh token. */
  revoke(account: Record<string, unknown> | undefined): void {
    const token = typeof account?.access_token === 'string' ? this.tokens.get(account.access_token) : undefined;
    if (!token) return;
    token.revoked = true;
    if (!token.refreshToken) return;
    this.refreshTokens.delete(token.refreshToken);
    for (const record of this.tokens.values()) if (record.refreshToken === token.refreshToken) record.revoked = true;
  }

  /** The check of an access token the app issued; undefined when the value is not one. */
  private liveToken(value: unknown, typeId?: string): AccountCheck | undefined {
    const record = typeof value === 'string' ? this.tokens.get(value) : undefined;
    if (!record || (typeId !== undefined && record.accountType !== typeId)) return undefined;
    if (record.revoked) return { ok: false, message: 'Invalid account: the access token was revoked.' };
    if (record.expired || this.now() > record.expiresAt) return { ok: false, message: TOKEN_EXPIRED };
    return { ok: true, name: record.name };
  }

  /** A new access token; `previous` is the record refreshed (a rotated refresh token replaces its one). */
  private newRecord(type: ScenarioAccountType, refreshToken: string, previous?: TokenRecord): TokenRecord {
    const lifetime = (type.oauth?.tokenLifetimeSeconds ?? DEFAULT_LIFETIME_S) * 1000;
    const record: TokenRecord = {
      accessToken: newToken('at'),
      refreshToken,
      accountType: type.id,
      name: previous?.name ?? type.oauth?.accountName ?? `${type.name} user`,
      expiresAt: this.now() + lifetime,
      expired: false,
      revoked: false,
    };
    if (previous?.refreshToken && previous.refreshToken !== refreshToken) this.refreshTokens.delete(previous.refreshToken);
    this.remember(record);
    return record;
  }

  private remember(record: TokenRecord): void {
    this.tokens.set(record.accessToken, record);
    if (record.refreshToken) this.refreshTokens.set(record.refreshToken, record);
  }
}
