// Signing of deliveries as Standard Webhooks (https://www.standardwebhooks.com) do: a per-webhook
// secret `whsec_<base64>`, and `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const PREFIX = 'whsec_';

/** A new signing secret: `whsec_` and 24 random bytes in base64. */
export function newSecret(): string {
  return PREFIX + randomBytes(24).toString('base64');
}

function key(secret: string): Buffer {
  return Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
}

/** `v1,<base64 signature>` of one attempt. */
export function sign(secret: string, messageId: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', key(secret)).update(`${messageId}.${timestamp}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The headers of one attempt: `webhook-id` (the same on every retry), `webhook-timestamp`, `webhook-signature`. */
export function signatureHeaders(secret: string, messageId: string, body: string, now = Date.now()): Record<string, string> {
  const timestamp = Math.floor(now / 1000);
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': sign(secret, messageId, timestamp, body),
  };
}

// Stryker disable all: what a receiver does, for the server's own tests; the server never calls it
/** Whether one of the space-separated `v1,` signatures matches (what a receiver does). */
export function verify(secret: string, messageId: string, timestamp: string, body: string, header: string): boolean {
  const expected = Buffer.from(sign(secret, messageId, Number(timestamp), body));
  return header.split(' ').some((candidate) => {
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
// Stryker restore all
