/**
 * What the event checks share: sending an event to the account's events address as the external
 * system would (raw bytes, its headers, no token), and waiting for the run it causes.
 */
import { fail } from '../../assert.js';
import type { CheckContext } from '../../check.js';
import type { HttpResponse } from '../../http.js';
import { listRuns, type SyncRun } from './admin.js';
import { waitUntil } from './mock.js';

/** How long an event's run may take to appear and end. */
export const EVENT_WAIT_MS = 30_000;

export function eventsPath(accountId: string): string {
  return `/api/integrations/events/${encodeURIComponent(accountId)}`;
}

/** POSTs `body` (bytes as given) with `headers` to the account's events address, without a token. */
export function sendEvent(ctx: CheckContext, accountId: string, body: string, headers: Record<string, string>): Promise<HttpResponse> {
  return ctx.http.request({ method: 'POST', path: eventsPath(accountId), body, headers, auth: 'none' });
}

/** Waits for an ended run with trigger `event` in the source's history; answers it (undefined when none came). */
export async function waitForEventRun(ctx: CheckContext, sourceId: string, timeoutMs = EVENT_WAIT_MS): Promise<SyncRun | undefined> {
  let found: SyncRun | undefined;
  await waitUntil(async () => {
    const { runs } = await listRuns(ctx, sourceId);
    found = runs.find((r) => r.trigger === 'event' && (r.status === 'succeeded' || r.status === 'failed'));
    return found !== undefined;
  }, timeoutMs, 200);
  return found;
}

/** Fails unless an event run came and succeeded. */
export async function expectEventRun(ctx: CheckContext, sourceId: string, what: string): Promise<SyncRun> {
  const run = await waitForEventRun(ctx, sourceId);
  if (!run) fail(`${what}: no run with trigger "event" ended in the source's sync history within ${EVENT_WAIT_MS / 1000} s`, ctx.http.lastExchange?.response);
  if (run.status !== 'succeeded') fail(`${what}: the event's run ${run.id} ended "${run.status}"${run.error ? ` with ${run.error.name}: ${run.error.message}` : ''}`, ctx.http.lastExchange?.response);
  return run;
}
