// /api/integrations/accounts: list, add (GET / and /validate), read, delete (the app's
// DELETE /api/v1/account first). Mounted behind the token check, the JSON parser, the OpenAPI
// validator and the Architect check (routes/index.ts): bodies and parameters are valid here.
import { Router, type NextFunction, type Request, type Response } from 'express';
import type { components } from '../../../../generated/service/types.js';
import type { ServerContext } from '../../server-context.js';
import { accountToApi, listAccounts, loadAccount } from '../accounts/store.js';
import { addAccount, removeAccount } from '../accounts/service.js';

type IntegrationAccountInput = components['schemas']['IntegrationAccountInput'];

const BASE = '/api/integrations/accounts';

function route(fn: (req: Request, res: Response) => Promise<void>) {
  return (req: Request, res: Response, next: NextFunction) => {
    fn(req, res).catch(next);
  };
}

function accountId(req: Request): string {
  const id = req.params['accountId'];
  return typeof id === 'string' ? id : '';
}

export function accountRoutes(context: ServerContext): Router {
  const router = Router();

  router.get(
    BASE,
    route(async (_req, res) => {
      const accounts = await listAccounts(context.db);
      res.json(accounts.map((a) => accountToApi(a, context.baseUrl())));
    }),
  );

  router.post(
    BASE,
    route(async (req, res) => {
      const input = req.body as IntegrationAccountInput;
      const account = await addAccount(context, { appUrl: input.appUrl, accountType: input.accountType, fields: input.fields });
      res.status(201).json(accountToApi(account, context.baseUrl()));
    }),
  );

  router.get(
    `${BASE}/:accountId`,
    route(async (req, res) => {
      res.json(accountToApi(await loadAccount(context.db, accountId(req)), context.baseUrl()));
    }),
  );

  router.delete(
    `${BASE}/:accountId`,
    route(async (req, res) => {
      await removeAccount(context, accountId(req));
      res.json(true);
    }),
  );
  return router;
}
