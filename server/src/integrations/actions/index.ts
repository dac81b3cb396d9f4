// Custom actions of integration apps (spec/integrations.md, "Custom actions"): an automation call
// runs an app's action on synchronized Entities, Entity by Entity, in a queue per source,
// stopping at the first failure (APP-075); the app gets one request per Entity (APP-076).
// Everything is checked before anything runs: the source, the action (listed by the app), the
// args (the action's, APP-082), the Entities (the source's), the args' text templates (every
// placeholder a field of every Entity's row) and the account (`/validate`).
import { Failure } from '../../api/failure.js';
import { loadCatalog } from '../../model/catalog.js';
import type { ServerContext } from '../../server-context.js';
import { accountClient, appClient, loadAccount, refreshAccount } from '../accounts/index.js';
import { loadSource } from '../sync/source-store.js';
import { argsById, requireAction, requireKnownArgs } from './catalog.js';
import type { SourceQueues } from './queue.js';
import { runAction, type ActionRun } from './run.js';
import { inSourceTurn } from './source-turn.js';
import { resolveTargets } from './targets.js';
import { requireKnownPlaceholders, templateArgs } from './templates.js';

export { listedActions, requireAction, requireKnownArgs, argsById, type AppAction, type AppActionArg } from './catalog.js';
export { fillArgs, placeholdersOf, asText, MAX_FILLED_CHARS } from './templates.js';
export { SourceQueues } from './queue.js';
export { runAction, type ActionResult, type ActionRun, type RunOptions } from './run.js';
export { resolveTargets, type ActionTarget } from './targets.js';

export interface ActionCall {
  sourceId: string;
  actionId: string;
  /** Entity ids, in the order to run them. */
  entities: string[];
  /** Values of the action's args by arg id (absent: none). */
  args?: Record<string, string>;
}

/** 400 naming the second occurrence of an Entity given twice (ids compared in lower case). */
function requireDistinct(ids: readonly string[]): void {
  const seen = new Map<string, number>();
  ids.forEach((id, index) => {
    const first = seen.get(id.toLowerCase());
    if (first !== undefined) {
      throw new Failure('request.error/invalid-body', `entities/${index} repeats entities/${first} (${id}); each Entity is given at most once.`, { field: `entities/${index}` }, 400);
    }
    seen.set(id.toLowerCase(), index);
  });
}

/** One automation call: checks, then queues the run behind the source's earlier calls (in every process). */
export async function callAction(context: ServerContext, queues: SourceQueues, call: ActionCall): Promise<ActionRun> {
  requireDistinct(call.entities);
  const args = call.args ?? {};
  const source = await loadSource(context.db, call.sourceId);
  const account = await loadAccount(context.db, source.accountId);
  const action = requireAction(await appClient(context, account.appUrl).info(), call.actionId);
  requireKnownArgs(action, args);
  const targets = await resolveTargets(context.db, await loadCatalog(context.db), source, call.entities);
  const templates = templateArgs(args, argsById(action));
  // The rows of one type have the same fields: each type is checked once, at its first Entity.
  const checkedTypes = new Set<string>();
  targets.forEach((target, index) => {
    if (templates.length === 0 || checkedTypes.has(target.appType)) return;
    checkedTypes.add(target.appType);
    requireKnownPlaceholders(templates, target.row, target.appType, `entities/${index}`);
  });
  return queues.run(source.id, () =>
    // Behind the calls of this source in other processes too.
    inSourceTurn(context.db, source.id, async () => {
      // Read again in the queue: an earlier call may have refreshed the account's tokens.
      const current = await refreshAccount(context, await loadAccount(context.db, account.id));
      return runAction(accountClient(context, current), current, action, args, targets, { budgetMs: context.integrationSettings.waitMs });
    }),
  );
}
