// POST /api/v1/synchronizer/action: one custom action of the scenario on one row. Unknown action
// or row: 404; a type the action does not apply to: 400; a key of `failKeys`: `failStatus` (409)
// `{message}`; else the row gets `set` (a change stamped now, so a later delta delivers it) and
// the answer is 200 `{message}`. Each call waits `delayMs` first and is recorded in the action log.
import { Router } from 'express';
import type { ActionLog } from '../actions.js';
import type { AppSchemas } from '../contract.js';
import type { MockContext } from '../context.js';
import { rowKey } from '../state.js';
import { accountAccepted, gate, sendError } from './common.js';

export function actionRoutes(context: MockContext, log: ActionLog): Router {
  const router = Router();
  router.post('/api/v1/synchronizer/action', async (req, res) => {
    const body = req.body as AppSchemas['ActionRequest'];
    const keyField = context.state.hasType(body.type) ? context.state.keyField(body.type) : undefined;
    const key = keyField === undefined ? undefined : rowKey(body.entity, keyField);
    const call = log.start(body.action, body.type, key);
    res.on('finish', () => log.finish(call, res.statusCode));
    res.on('close', () => {
      if (call.finishedAt === undefined) log.finish(call, res.statusCode);
    });
    if ((await gate(context, 'action', res, { types: [body.type] })).answered) return;
    if (!accountAccepted(context, body.account, res)) return;
    const action = (context.scenario.actions ?? []).find((a) => a.id === body.action);
    if (!action) {
      sendError(res, 404, `This app has no action "${body.action}" (it has ${(context.scenario.actions ?? []).map((a) => a.id).join(', ') || 'none'}).`);
      return;
    }
    if (keyField === undefined || (action.types !== undefined && !action.types.includes(body.type))) {
      sendError(res, 400, `The action "${action.id}" does not apply to type "${body.type}" (it applies to ${(action.types ?? context.scenario.types.map((t) => t.id)).join(', ')}).`);
      return;
    }
    if (key === undefined) {
      sendError(res, 400, `entity.${keyField} is missing: the entity must carry its key.`);
      return;
    }
    if (action.delayMs) await context.delay(action.delayMs);
    const row = context.state.rows(body.type).find((r) => rowKey(r, keyField) === key);
    if (!row) {
      sendError(res, 404, `There is no ${body.type} "${key}" in the external system.`);
      return;
    }
    if ((action.failKeys ?? []).includes(key)) {
      sendError(res, action.failStatus ?? 409, action.failMessage ?? `${action.name} failed for ${body.type} "${key}".`);
      return;
    }
    if (action.set && Object.keys(action.set).length > 0) context.state.change({ [body.type]: { update: [{ ...action.set, [keyField]: row[keyField] }] } });
    const answer: AppSchemas['ActionResponse'] = { message: `${action.name}: done for ${body.type} "${key}".` };
    res.json(answer);
  });
  return router;
}
