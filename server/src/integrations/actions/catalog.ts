// The custom actions an app offers: the entries of its information's `actions` that are
// `AppAction`s (spec/app.openapi.yaml). Entries of other shapes, as some apps send, are ignored:
// they are not callable (APP-077). The rules are in spec/integrations.md, "Custom actions".
import type { components } from '../../../../generated/app/types.js';
import { Failure } from '../../api/failure.js';
import { contractProblem } from '../app/index.js';
import type { AppInformation } from '../types.js';

export type AppAction = components['schemas']['AppAction'];

/** The callable actions of the app information, in its order (the first of a repeated id wins). */
export function listedActions(info: AppInformation): AppAction[] {
  const entries: unknown[] = Array.isArray(info.actions) ? info.actions : [];
  const seen = new Set<string>();
  const actions: AppAction[] = [];
  for (const entry of entries) {
    if (contractProblem('AppAction', entry) !== undefined) continue;
    const action = entry as AppAction;
    if (seen.has(action.id)) continue;
    seen.add(action.id);
    actions.push(action);
  }
  return actions;
}

/** The listed action `id`, or 404 `integration.error/action-unknown` naming the known ones. */
export function requireAction(info: AppInformation, id: string): AppAction {
  const actions = listedActions(info);
  const action = actions.find((a) => a.id === id);
  if (action) return action;
  const known = actions.map((a) => a.id);
  throw new Failure(
    'integration.error/action-unknown',
    `The app "${info.name}" lists no action ${JSON.stringify(id)}; its actions are ${known.length === 0 ? 'none' : known.map((k) => JSON.stringify(k)).join(', ')}.`,
    { field: 'actionId', id, known },
    404,
  );
}

/** Whether the action applies to Entities of the app type (`types` absent: every type). */
export function appliesTo(action: AppAction, appType: string): boolean {
  return action.types === undefined || action.types.includes(appType);
}
