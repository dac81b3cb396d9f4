/**
 * POST /api/v1/synchronizer/webhooks/pre-process verifies the incoming request (APP-067): an event
 * the suite makes up cannot pass any verification, so it must be refused, once without any
 * signature header and once with forged signatures in the headers external systems commonly sign
 * in. Refused is a 4xx status (the event is rejected; its status goes back to the external
 * caller), or 200 with no workspace id (accepted for no workspace, so nothing is applied); a 2xx
 * naming workspaces, a 3xx or a 5xx fails. When the answer is JSON, `workspaceIds` (if present) is
 * an array of text. Skipped when the endpoint is not implemented (404/405). Accepting a valid
 * event (which only the external system can sign, given with --event FILE) is app.pre-process-accepts.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { describeRequest, fail } from '../../assert.js';
import { defineCheck, type CheckContext } from '../../check.js';
import type { HttpResponse } from '../../http.js';
import { isRecord } from '../../shapes.js';
import { send } from './client.js';
import { PATHS, skipIfNotImplemented } from './session.js';

/** Header names external systems commonly sign their webhook calls in (GitHub, Stripe-like, generic, the mock app's). */
const SIGNATURE_HEADERS = ['x-hub-signature-256', 'x-hub-signature', 'x-signature', 'x-webhook-signature', 'x-mock-signature', 'signature'];

function madeUpEvent(): Record<string, unknown> {
  const id = randomBytes(6).toString('hex');
  return { event: 'svc-conformance.probe', id: `probe-${id}`, workspace: `svc-conformance-${id}`, data: { id, title: 'Not from the external system' } };
}

function post(ctx: CheckContext, body: string, headers: Record<string, string>): Promise<HttpResponse> {
  return send(ctx.http, { method: 'POST', url: `${ctx.http.baseUrl}${PATHS.preProcess}`, headers: { 'Content-Type': 'application/json', ...headers }, body });
}

function expectRefused(res: HttpResponse, what: string): void {
  const body = res.json;
  const ids = isRecord(body) ? body['workspaceIds'] : undefined;
  if (ids !== undefined && (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string'))) {
    fail(`${what}: "workspaceIds" is ${JSON.stringify(ids)}, not an array of workspace ids`, res);
  }
  if (res.status >= 400 && res.status <= 499) return;
  if (res.status >= 200 && res.status <= 299) {
    if (Array.isArray(ids) && ids.length === 0) return;
    fail(
      `${what}: ${describeRequest(res)} accepted an event the external system never sent (status ${res.status}, workspaceIds ${JSON.stringify(ids ?? null)}): ` +
        'pre-process must verify the request and reject it (a 4xx), or apply it to no workspace',
      res,
    );
  }
  fail(`${what}: expected the event to be rejected with a 4xx status from ${describeRequest(res)}, got ${res.status}`, res);
}

export default defineCheck({
  id: 'app.pre-process-unverified',
  name:
    'POST /api/v1/synchronizer/webhooks/pre-process rejects a made-up event, unsigned or with forged signature headers: a 4xx (or 200 with workspaceIds []), never accepted for a workspace',
  level: 'MUST',
  area: 'app',
  requirements: ['APP-067'],
  target: 'app',
  async run(ctx) {
    const unsigned = JSON.stringify(madeUpEvent());
    const first = await post(ctx, unsigned, {});
    skipIfNotImplemented(first, 'POST /api/v1/synchronizer/webhooks/pre-process');
    expectRefused(first, 'passing on a made-up event without a signature');

    const forged = JSON.stringify(madeUpEvent());
    const signature = `sha256=${createHmac('sha256', randomBytes(16)).update(forged).digest('hex')}`;
    const second = await post(ctx, forged, Object.fromEntries(SIGNATURE_HEADERS.map((name) => [name, signature])));
    skipIfNotImplemented(second, 'POST /api/v1/synchronizer/webhooks/pre-process');
    expectRefused(second, 'passing on a made-up event with forged signature headers');
  },
});
