// POST /api/v1/automations/action/execute: one custom action of the scenario, `{action: {action,
// args}, account}` (the public API's form; the body was validated against the contract). Unknown
// action: 404; an arg the action does not have, or no value for its `keyArg`: 400; no row of its
// `types` with that key: 404; a key of `failKeys`: `failStatus` (409) `{message}`; else the row
// gets `set` (a change stamped now, so a later delta delivers it) and the answer is 200
// `{message}`. An action without `keyArg` works on no row. Each call waits `delayMs` first and is
// recorded in the action log.
import { Router } from 'express';
import type { ActionLog } from '../actions.js';
import type { AppSchemas } from '../contract.js';
import type { MockContext } from '../context.js';
import { rowKey } from '../state.js';
import { accountAccepted, gate, sendError } from './common.js';

export const ACTION_EXECUTE_PATH = '/api/v1/automations/action/execute';

export function actionRoutes(context: MockContext, log: ActionLog): Router {
  const router = Router();
  router.post(ACTION_EXECUTE_PATH, async (req, res) => {
    const body = req.body as AppSchemas['ActionExecuteRequest'];
    const { action: id, args } = body.action;
    const actions = context.scenario.actions ?? [];
    const action = actions.find((a) => a.action === id);
    const keyText = action?.keyArg === undefined ? undefined : args[action.keyArg]?.trim();
    const key = keyText === undefined || keyText === '' ? undefined : keyText;
    const call = log.start(id, args, key);
    res.on('finish', () => log.finish(call, res.statusCode));
    res.on('close', () => {
      if (call.finishedAt === undefined) log.finish(call, res.statusCode);
    });
    const types = action?.types ?? context.scenario.types.map((t) => t.id);
    if ((await gate(context, 'action', res, { types })).answered) return;
    if (!accountAccepted(context, body.account, res)) return;
    if (!action) {
      sendError(res, 404, `This app has no action "${id}" (it has ${actions.map((a) => a.action).join(', ') || 'none'}).`);
      return;
    }
    const argIds = (action.args ?? []).map((a) => a.id);
    const unknown = Object.keys(args).find((arg) => !argIds.includes(arg));
    if (unknown !== undefined) {
      sendError(res, 400, `action.args.${unknown} is not an arg of the action "${id}" (its args are ${argIds.join(', ') || 'none'}).`);
      return;
    }
    if (action.keyArg !== undefined && key === undefined) {
      sendError(res, 400, `action.args.${action.keyArg} is missing or empty: the action "${id}" needs the key of the row it works on.`);
      return;
    }
    if (action.delayMs) await context.delay(action.delayMs);
    if (key === undefined) {
      res.json({ message: `${action.name}: done.` } satisfies AppSchemas['ActionExecuteResponse']);
      return;
    }
    const found = types
      .filter((type) => context.state.hasType(type))
      .map((type) => ({ type, keyField: context.state.keyField(type) }))
      .map(({ type, keyField }) => ({ type, keyField, row: context.state.rows(type).find((r) => rowKey(r, keyField) === key) }))
      .find((candidate) => candidate.row !== undefined);
    if (!found?.row) {
      sendError(res, 404, `There is no ${types.join(' or ')} "${key}" in the external system.`);
      return;
    }
    if ((action.failKeys ?? []).includes(key)) {
      sendError(res, action.failStatus ?? 409, action.failMessage ?? `${action.name} failed for ${found.type} "${key}".`);
      return;
    }
    if (action.set && Object.keys(action.set).length > 0) context.state.change({ [found.type]: { update: [{ ...action.set, [found.keyField]: found.row[found.keyField] }] } });
    res.json({ message: `${action.name}: done for ${found.type} "${key}".` } satisfies AppSchemas['ActionExecuteResponse']);
  });
  return router;
}
