/**
 * POST /api/v1/synchronizer/webhooks/pre-process accepts an event of the external system, given to
 * the run with `--event FILE` (a recorded delivery, signed by the external system), passed on as
 * the reference server passes events on (APP-043, EVT-002): the body's bytes unchanged, the event's
 * headers without the hop-by-hop ones, `host`, `content-length` and `accept-encoding`, no query,
 * no wrapping. The app verifies it and answers 2xx `{reply, workspaceIds}` (APP-044, EVT-003):
 * `workspaceIds` an array of workspace ids, possibly empty (APP-069), `reply` what goes back to
 * the external caller. Skipped without `--event`, and when pre-process is not implemented
 * (404/405). What the event helpers here answer (forwarded headers, the transform payload) is
 * also what app.transform sends.
 */
import { describeRequest, expectJson, fail } from '../../assert.js';
import { CheckSkipped, defineCheck, type AppEvent, type CheckContext } from '../../check.js';
import { isRecord, kindOf } from '../../shapes.js';
import { send } from './client.js';
import { PATHS, skipIfNotImplemented } from './session.js';

/** Headers the service does not pass on (server/src/integrations/app/inbound-event.ts): hop-by-hop ones, host, content-length, accept-encoding. */
const NOT_FORWARDED = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'expect',
  'host',
  'content-length',
  'accept-encoding',
]);

/** The event given with `--event`; skips the check without one. */
export function requireEvent(ctx: CheckContext): AppEvent {
  const event = ctx.app?.event;
  if (event === undefined) {
    throw new CheckSkipped(
      'needs an event the app accepts: pass --event FILE, a recorded delivery of the external system as JSON {"headers": {...}, "body": "<the body as sent>"}',
    );
  }
  return event;
}

/** The event's headers as the service passes them on: lower-case, without those it does not forward (and those `connection` names). */
export function forwardedHeaders(headers: Record<string, string>): Record<string, string> {
  const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  const named = (lower['connection'] ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter((h) => h !== '');
  return Object.fromEntries(Object.entries(lower).filter(([name]) => !NOT_FORWARDED.has(name) && !named.includes(name)));
}

/** The event body as transform receives it in `payload`: its JSON when it is JSON, else its text. */
export function eventPayload(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

export default defineCheck({
  id: 'app.pre-process-accepts',
  name:
    'POST /api/v1/synchronizer/webhooks/pre-process accepts the event given with --event (its bytes and headers passed on unchanged): a 2xx {reply, workspaceIds}, workspaceIds an array of workspace ids (possibly empty)',
  level: 'MUST',
  area: 'app',
  requirements: ['APP-044', 'APP-069', 'EVT-003'],
  target: 'app',
  async run(ctx) {
    const event = requireEvent(ctx);
    const what = 'passing on the event given with --event';
    const res = await send(ctx.http, { method: 'POST', url: `${ctx.http.baseUrl}${PATHS.preProcess}`, headers: forwardedHeaders(event.headers), body: event.body });
    skipIfNotImplemented(res, 'POST /api/v1/synchronizer/webhooks/pre-process');
    if (res.status < 200 || res.status > 299) {
      const reply = isRecord(res.json) && 'reply' in res.json ? `, reply ${JSON.stringify(res.json['reply'])}` : '';
      fail(
        `${what}: ${describeRequest(res)} answered ${res.status}${reply}, expected a 2xx accepting it. An event the external system sent must be accepted; ` +
          'if the recording is stale (a signed timestamp too old) or was signed with another secret than the app has, record a new one',
        res,
      );
    }
    const body = expectJson(res, what);
    if (!isRecord(body)) fail(`${what}: the answer is ${kindOf(body)}, not an object {reply, workspaceIds}`, res);
    const ids = body['workspaceIds'];
    if (!Array.isArray(ids)) fail(`${what}: "workspaceIds" is ${ids === undefined ? 'absent' : kindOf(ids)}, not the array of workspace ids the event applies to (it may be empty)`, res);
    const notText = ids.findIndex((id) => typeof id !== 'string');
    if (notText !== -1) fail(`${what}: workspaceIds[${notText}] is ${JSON.stringify(ids[notText])}, not a workspace id (text)`, res);
    if (!('reply' in body)) fail(`${what}: the answer has no "reply", the body the service sends back to the external caller (the answer is {reply, workspaceIds})`, res);
    ctx.log(`accepted with status ${res.status} for workspace(s) ${JSON.stringify(ids)}, reply ${JSON.stringify(body['reply'])}`);
  },
});
