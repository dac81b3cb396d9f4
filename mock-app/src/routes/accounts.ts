// POST /validate (account validation and token refresh) and DELETE /api/v1/account (clean-up,
// which revokes the account's tokens, or fails when the scenario says so).
import { Router } from 'express';
import type { AppSchemas } from '../contract.js';
import type { MockContext } from '../context.js';
import { gate, sendError } from './common.js';

export function accountRoutes(context: MockContext): Router {
  const router = Router();
  router.post('/validate', async (req, res) => {
    if ((await gate(context, 'validate', res)).answered) return;
    const body = req.body as AppSchemas['ValidateRequest'];
    const answer = context.accounts.validate(body.id, body.fields);
    if (answer.ok) res.json(answer.body);
    else sendError(res, 401, answer.message);
  });
  router.delete('/api/v1/account', async (req, res) => {
    if ((await gate(context, 'account-delete', res)).answered) return;
    const deletion = context.scenario.accountDeletion ?? {};
    const status = deletion.status ?? 200;
    if (status >= 300) {
      sendError(res, status, deletion.message ?? 'The external system could not revoke the account.');
      return;
    }
    context.accounts.revoke(req.body as AppSchemas['Account']);
    res.status(status).end();
  });
  return router;
}
