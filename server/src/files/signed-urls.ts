// Signed download addresses of files (GraphQL `File.url`, served by routes.ts): `{base}/files/{ref}?expires=..&signature=..`
// where `ref` names one file of one Entity's field and `signature` is an HMAC-SHA256, with the
// server's URL signing key, over the reference and the expiry. Valid for 60 minutes.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Lifetime of a signed file address (contract, "Limits": 60 minutes). */
export const URL_LIFETIME_MS = 60 * 60_000;

/** One file: the `index`-th file of field `fieldId` of Entity `entityId`. */
export interface FileRef {
  entityId: string;
  fieldId: string;
  index: number;
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const REF = new RegExp(`^(${UUID})\\.(${UUID})\\.(\\d{1,6})$`);

export function refText(ref: FileRef): string {
  return `${ref.entityId}.${ref.fieldId}.${ref.index}`;
}

export function parseRef(text: string): FileRef | undefined {
  const match = REF.exec(text);
  if (!match) return undefined;
  return { entityId: match[1] as string, fieldId: match[2] as string, index: Number(match[3]) };
}

function signature(key: Buffer, ref: string, expires: number): string {
  return createHmac('sha256', key).update(`${ref}\n${expires}`).digest('base64url');
}

export interface SignedUrl {
  url: string;
  /** ISO 8601 UTC with milliseconds. */
  expiresAt: string;
}

export interface FileUrlSigner {
  sign(ref: FileRef): SignedUrl;
}

/** Signs every address of one response with the same expiry. */
export function fileUrlSigner(key: Buffer, baseUrl: string, now = Date.now()): FileUrlSigner {
  const expires = now + URL_LIFETIME_MS;
  const expiresAt = new Date(expires).toISOString();
  return {
    sign(ref) {
      const text = refText(ref);
      return { url: `${baseUrl}/files/${text}?expires=${expires}&signature=${signature(key, text, expires)}`, expiresAt };
    },
  };
}

export type Verdict = 'valid' | 'expired' | 'bad-signature';

/** Checks an address: the signature first (a tampered expiry is a bad signature), then the time. */
export function verifyFileUrl(key: Buffer, ref: string, expires: number, given: string, now = Date.now()): Verdict {
  const expected = Buffer.from(signature(key, ref, expires));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return 'bad-signature';
  // Stryker disable next-line EqualityOperator: valid or expired at the very millisecond of expiry, no client can time a request to it
  return expires > now ? 'valid' : 'expired';
}
