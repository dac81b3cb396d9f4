// The run loop of one action call (APP-075, APP-076): the Entities one at a time, in the order
// given, one app request per Entity (never a batch): `POST /api/v1/automations/action/execute`
// with `{action: {action, args}, account}`, the args' text templates filled from that Entity's
// row (APP-082). The first failure stops execution and the Entities after it are not run; so does
// the call's time budget. Never throws for an app failure: each Entity's outcome is in its result.
import type { components } from '../../../../generated/service/types.js';
import type { AppClient } from '../app/index.js';
import { AppCallError } from '../app/index.js';
import type { AccountRecord } from '../types.js';
import { argsById, type AppAction } from './catalog.js';
import type { ActionTarget } from './targets.js';
import { fillArgs } from './templates.js';

export type ActionResult = components['schemas']['IntegrationActionResult'];
export type ActionRun = components['schemas']['IntegrationActionRun'];

export interface RunOptions {
  /** How long the call may run Entities, from its start (ms). */
  budgetMs: number;
  now?: () => number;
}

function failureMessage(error: unknown): string {
  if (error instanceof AppCallError) return error.message;
  return `The action could not be run: ${error instanceof Error ? error.message : String(error)}`;
}

/** Runs the action with `args` on each target in turn; answers one result per target, in order. */
export async function runAction(
  client: AppClient,
  account: AccountRecord,
  action: AppAction,
  args: Readonly<Record<string, string>>,
  targets: readonly ActionTarget[],
  options: RunOptions,
): Promise<ActionRun> {
  const now = options.now ?? Date.now;
  const deadline = now() + options.budgetMs;
  const known = argsById(action);
  const results: ActionResult[] = [];
  let stopReason: string | undefined;
  for (const target of targets) {
    const base = { entity: target.entity, type: target.appType, key: target.key };
    if (stopReason === undefined && now() >= deadline) {
      stopReason = `Not run: the call's time budget of ${Math.round(options.budgetMs / 1000)} s was spent before this Entity's turn.`;
    }
    if (stopReason !== undefined) {
      results.push({ ...base, status: 'not-run', message: stopReason });
      continue;
    }
    try {
      const filled = fillArgs(args, known, target.row);
      const answer = await client.action({ action: { action: action.action, args: filled }, account: account.fields });
      results.push({ ...base, status: 'done', ...(answer.message === undefined ? {} : { message: answer.message }) });
    } catch (error) {
      results.push({ ...base, status: 'failed', message: failureMessage(error) });
      stopReason = `Not run: the action failed on Entity ${target.entity} (key ${JSON.stringify(target.key)}), so the remaining execution stopped.`;
    }
  }
  return { action: action.action, results, stopped: results.some((r) => r.status !== 'done') };
}
