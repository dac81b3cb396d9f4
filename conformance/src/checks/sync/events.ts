/**
 * What the event checks share: sending an event to the account's events address as the external
 * system would (raw bytes, its headers, no token), and waiting for the run it causes.
 */
import { fail } from '../../assert.js';
import type { CheckContext } from '../../check.js';
import type { HttpResponse } from '../../http.js';
import { describeRun, ended, listRuns, type SyncRun } from './admin.js';
import { waitFor } from './wait.js';

/** How long an event's run (and the requests before it) may take to appear and end. */
export const EVENT_WAIT_MS = 30_000;

export function eventsPath(accountId: string): string {
  return `/api/integrations/events/${encodeURIComponent(accountId)}`;
}

/** POSTs `body` (bytes as given) with `headers` to the account's events address, without a token. */
export function sendEvent(ctx: CheckContext, accountId: string, body: string, headers: Record<string, string>): Promise<HttpResponse> {
  return ctx.http.request({ method: 'POST', path: eventsPath(accountId), body, headers, auth: 'none' });
}

/**
 * Waits (bounded: EVENT_WAIT_MS, never past the check's deadline) for a run with trigger `event`
 * to end in the source's sync history, and fails unless it came and succeeded; answers it.
 */
export async function expectEventRun(ctx: CheckContext, sourceId: string, what: string): Promise<SyncRun> {
  const run = await endedEventRun(ctx, sourceId, what);
  if (run.status !== 'succeeded') fail(`${what}: the event's run ${run.id} ended "${run.status}"${run.error ? ` with ${run.error.name}: ${run.error.message}` : ''}`, ctx.http.lastExchange?.response);
  return run;
}

/**
 * Waits (bounded like expectEventRun) for a run with trigger `event` and an id above `afterId` to
 * end in the source's sync history; answers it, whatever its status.
 */
export async function endedEventRun(ctx: CheckContext, sourceId: string, what: string, afterId = 0): Promise<SyncRun> {
  return waitFor(
    ctx,
    `${what}: a run with trigger "event" ending in the sync history of source ${sourceId}`,
    async () => {
      const { runs, res } = await listRuns(ctx, sourceId);
      const events = runs.filter((r) => r.trigger === 'event' && r.id > afterId);
      const seen = events.length === 0 ? `no event run among the ${runs.length} run(s) of the history` : events.map(describeRun).join('; ');
      return { value: events.find(ended), seen, res };
    },
    { boundMs: EVENT_WAIT_MS, stepMs: 200 },
  );
}
