// The run loop of one action call (APP-075, APP-076): the Entities one at a time, in the order
// given, one app request per Entity (never a batch); the first failure stops execution and the
// Entities after it are not run; so does the call's time budget. Never throws for an app failure:
// each Entity's outcome is in its result.
import type { components } from '../../../../generated/service/types.js';
import type { AppClient } from '../app/index.js';
import { AppCallError } from '../app/index.js';
import type { AccountRecord, SourceRecord } from '../types.js';
import type { ActionTarget } from './targets.js';

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

/** Runs the action on each target in turn; answers one result per target, in order. */
export async function runAction(client: AppClient, source: SourceRecord, account: AccountRecord, actionId: string, targets: readonly ActionTarget[], options: RunOptions): Promise<ActionRun> {
  const now = options.now ?? Date.now;
  const deadline = now() + options.budgetMs;
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
      const answer = await client.action({ action: actionId, types: source.types, account: account.fields, filter: source.filter, type: target.appType, entity: target.row });
      results.push({ ...base, status: 'done', ...(answer.message === undefined ? {} : { message: answer.message }) });
    } catch (error) {
      results.push({ ...base, status: 'failed', message: failureMessage(error) });
      stopReason = `Not run: the action failed on Entity ${target.entity} (key ${JSON.stringify(target.key)}), so the remaining execution stopped.`;
    }
  }
  return { action: actionId, results, stopped: results.some((r) => r.status !== 'done') };
}
