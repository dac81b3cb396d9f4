/**
 * What the failure checks share: a failed run's error must be clear (a name, a message a person
 * can act on, no stack trace), and after a failure the server must still answer its admin and
 * command APIs and run the next sync of the source.
 */
import { fail } from '../../assert.js';
import type { CheckContext } from '../../check.js';
import { findStackTrace } from '../../shapes.js';
import { getRun, getSource, listRuns, type ErrorBody, type SyncRun } from './admin.js';
import type { HttpResponse } from '../../http.js';
import type { Integration } from './integration.js';
import { readSchema } from '../../schema-view.js';

/** The failed run's error has a name and a message without internals; answers it. `res`: the exchange that ran it. */
export function expectClearError(run: SyncRun & { error: ErrorBody }, what: string, res?: HttpResponse): ErrorBody {
  const { error } = run;
  if (typeof error.name !== 'string' || error.name === '') fail(`${what}: the failed run ${run.id} has an error without a "name": ${JSON.stringify(error)}`, res);
  const leak = findStackTrace(error.message, error);
  if (leak !== undefined) fail(`${what}: the error of run ${run.id} carries internals (${JSON.stringify(leak)}): ${JSON.stringify(error).slice(0, 500)}`, res);
  return error;
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
