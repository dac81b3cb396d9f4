// The custom actions an app offers: the entries of its information's `actions` that are
// `AppAction`s (spec/app.openapi.yaml: `{action, name, description?, args}`, the public API's
// form). Entries of other shapes, as some apps send, are ignored: they are not callable (APP-077).
// Actions have no types: one applies to Entities of every type of the source. The rules are in
// spec/integrations.md, "Custom actions".
import type { components } from '../../../../generated/app/types.js';
import { Failure } from '../../api/failure.js';
import { nearestName } from '../../api/near-names.js';
import { contractProblem } from '../app/index.js';
import type { AppInformation } from '../types.js';

export type AppAction = components['schemas']['AppAction'];
export type AppActionArg = components['schemas']['AppActionArg'];

/** How many action ids and arg ids a message lists at most. */
const LISTED = 20;

function quoted(names: readonly string[]): string {
  if (names.length === 0) return 'none';
  const shown = names.slice(0, LISTED).map((n) => JSON.stringify(n));
  return shown.join(', ') + (names.length > LISTED ? ` and ${names.length - LISTED} more` : '');
}

/** The callable actions of the app information, in its order (the first of a repeated `action` wins). */
export function listedActions(info: AppInformation): AppAction[] {
  const entries: unknown[] = Array.isArray(info.actions) ? info.actions : [];
  const seen = new Set<string>();
  const actions: AppAction[] = [];
  for (const entry of entries) {
    if (contractProblem('AppAction', entry) !== undefined) continue;
    const action = entry as AppAction;
    if (seen.has(action.action)) continue;
    seen.add(action.action);
    actions.push(action);
  }
  return actions;
}

/** The listed action `id`, or 404 `integration.error/action-unknown` naming the known ones. */
export function requireAction(info: AppInformation, id: string): AppAction {
  const actions = listedActions(info);
  const action = actions.find((a) => a.action === id);
  if (action) return action;
  const known = actions.map((a) => a.action);
  const near = nearestName(id, known);
  throw new Failure(
    'integration.error/action-unknown',
    `The app "${info.name}" lists no action ${JSON.stringify(id)}${near === undefined ? '' : ` (did you mean ${JSON.stringify(near)}?)`}; its actions are ${quoted(known)}.`,
    { field: 'actionId', id, known },
    404,
  );
}

/** The action's args by id (the first of a repeated id wins). */
export function argsById(action: AppAction): Map<string, AppActionArg> {
  const byId = new Map<string, AppActionArg>();
  for (const arg of action.args) if (!byId.has(arg.id)) byId.set(arg.id, arg);
  return byId;
}

/**
 * Refuses (400 `integration.error/action-args-invalid`) the first key of `args` that is not an
 * arg of the action, naming it, the arg id it probably meant and the action's arg ids.
 */
export function requireKnownArgs(action: AppAction, args: Readonly<Record<string, string>>): void {
  const known = argsById(action);
  for (const id of Object.keys(args)) {
    if (known.has(id)) continue;
    const near = nearestName(id, known.keys());
    throw new Failure(
      'integration.error/action-args-invalid',
      `args/${id} is not an arg of the action "${action.action}"${near === undefined ? '' : ` (did you mean "${near}"?)`}; its args are ${quoted([...known.keys()])}.`,
      { field: `args/${id}`, arg: id, ...(near === undefined ? {} : { near }) },
      400,
    );
  }
}
