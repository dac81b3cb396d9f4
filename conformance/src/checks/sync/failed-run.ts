/**
 * What the failure checks share: a failed run's error must be clear (a name, a message a person
 * can act on, no stack trace), and after a failure the server must still answer its admin and
 * command APIs and run the next sync of the source.
 */
import { fail } from '../../assert.js';
import type { CheckContext } from '../../check.js';
import { findStackTrace, isRecord } from '../../shapes.js';
import { getRun, getSource, listRuns, type ErrorBody, type SyncRun } from './admin.js';
import type { HttpResponse } from '../../http.js';
import type { Integration } from './integration.js';
import { readSchema } from '../../schema-view.js';

/**
 * The failed run's error has a name and a message without internals, and the message names what
 * it is about: the app type its `data.type` gives, when it gives one (a person reading the run
 * learns which type failed); answers it. `res`: the exchange that ran it.
 */
export function expectClearError(run: SyncRun & { error: ErrorBody }, what: string, res?: HttpResponse): ErrorBody {
  const { error } = run;
  if (typeof error.name !== 'string' || error.name === '') fail(`${what}: the failed run ${run.id} has an error without a "name": ${JSON.stringify(error)}`, res);
  if (typeof error.message !== 'string' || error.message.trim() === '') fail(`${what}: the failed run ${run.id} has an error with an empty "message"; it is a sentence a person can act on: ${JSON.stringify(error)}`, res);
  const type = isRecord(error.data) ? error.data['type'] : undefined;
  if (typeof type === 'string' && type !== '' && !error.message.includes(type)) {
    fail(`${what}: the error of run ${run.id} is about the app type "${type}" (data.type), yet its message does not name it: ${JSON.stringify(error.message)}`, res);
  }
  const leak = findStackTrace(error.message, error);
  if (leak !== undefined) fail(`${what}: the error of run ${run.id} carries internals (${JSON.stringify(leak)}): ${JSON.stringify(error).slice(0, 500)}`, res);
  return error;
}

/** A failed run's error is integration.error/app-failed naming the app endpoint at fault in `data.operation` (spec/service.openapi.yaml, AppFailed). */
export function expectAppFailed(error: ErrorBody, operation: string, what: string, res?: HttpResponse): void {
  const named = isRecord(error.data) ? error.data['operation'] : undefined;
  if (error.name !== 'integration.error/app-failed' || named !== operation) {
    fail(`${what}: the run failed with ${JSON.stringify(error)}, expected integration.error/app-failed with data.operation "${operation}" (the app endpoint at fault)`, res);
  }
}

/** After a failed run: the run reads back failed (also in the history), the server answers, and a clean next sync succeeds. */
export async function expectRecovers(ctx: CheckContext, it: Integration, failed: SyncRun, what: string): Promise<SyncRun> {
  const { run: read, res } = await getRun(ctx, failed.id);
  if (read.status !== 'failed' || read.finishedAt === null) fail(`${what}: GET /api/integrations/syncs/${failed.id} shows status ${read.status} and finishedAt ${JSON.stringify(read.finishedAt)}, expected a failed, finished run`, res);
  const { runs, res: listed } = await listRuns(ctx, it.source.id);
  if (runs[0]?.id !== failed.id) fail(`${what}: the sync history (newest first) starts with run ${JSON.stringify(runs[0]?.id)}, expected the failed run ${failed.id}`, listed);
  await getSource(ctx, it.source.id);
  await readSchema(ctx);
  it.app.clearFailures();
  return it.sync(`${what}: the next sync, with the app behaving again`);
}
