// Events of the external system: their signature (HMAC-SHA256 of the raw body with the webhook
// secret, in `x-mock-signature: sha256=<hex>`), finding the scenario event a body belongs to, and
// sending an event to a service (with a time-out and a limit on the answer read).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { ScenarioEvent, ScenarioWebhooks } from './scenario-types.js';

export const DEFAULT_SIGNATURE_HEADER = 'x-mock-signature';
export const EMIT_TIMEOUT_MS = 10_000;
export const EMIT_MAX_ANSWER_BYTES = 1024 * 1024;

export function signatureHeader(webhooks: ScenarioWebhooks): string {
  return webhooks.signatureHeader ?? DEFAULT_SIGNATURE_HEADER;
}

/** `sha256=<hex HMAC-SHA256 of body>`. */
export function sign(secret: string, body: Buffer | string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** Whether `header` is the signature of exactly these bytes. */
export function verifySignature(secret: string, header: string | undefined, body: Buffer): boolean {
  if (header === undefined) return false;
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(header.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The scenario event whose body equals `payload`. */
export function findEventByBody(events: ScenarioEvent[], payload: unknown): ScenarioEvent | undefined {
  return events.find((event) => isDeepStrictEqual(event.body, payload));
}

/** Reads at most `limit` bytes of an answer; more is an error. */
async function readLimited(response: Response, limit: number): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new Error(`the answer is larger than ${limit} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** POSTs the event (JSON body, its headers, signed; wrongly when `badSignature`) to `targetUrl`. */
export async function sendEvent(event: ScenarioEvent, webhooks: ScenarioWebhooks, targetUrl: string): Promise<{ status: number; body: string }> {
  const body = JSON.stringify(event.body);
  const signature = event.badSignature ? sign(`${webhooks.secret}-wrong`, body) : sign(webhooks.secret, body);
  const response = await fetch(targetUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...event.headers, [signatureHeader(webhooks)]: signature },
    body,
    redirect: 'manual',
    signal: AbortSignal.timeout(EMIT_TIMEOUT_MS),
  });
  return { status: response.status, body: await readLimited(response, EMIT_MAX_ANSWER_BYTES) };
}
