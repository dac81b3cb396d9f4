// What an integration's settings screens ask of an account's app: the options of a filter field
// flagged `datalist` (APP-031, APP-061, APP-062) and the app's logo, with the default logo when the
// app has none or fails (APP-ERR-007).
import { Router, type NextFunction, type Request, type Response } from 'express';
import type { components } from '../../../../generated/service/types.js';
import type { ServerContext } from '../../server-context.js';
import { accountClient, loadAccount, refreshAccount } from '../accounts/index.js';

type DatalistInput = components['schemas']['IntegrationDatalistInput'];

/** The default app logo: a rounded square with two linked nodes. */
export const DEFAULT_APP_LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#5b6ee1"/><circle cx="11" cy="16" r="4" fill="#fff"/><circle cx="21" cy="16" r="4" fill="#fff"/><path d="M15 16h2" stroke="#fff" stroke-width="2"/></svg>';

function route(fn: (req: Request, res: Response) => Promise<void>) {
  return (req: Request, res: Response, next: NextFunction) => {
    fn(req, res).catch(next);
  };
}

export function appViewRoutes(context: ServerContext): Router {
  const router = Router();
  router.post(
    '/api/integrations/accounts/:accountId/datalist',
    route(async (req, res) => {
      const input = req.body as DatalistInput;
      const account = await refreshAccount(context, await loadAccount(context.db, String(req.params.accountId)));
      const answer = await accountClient(context, account).datalist({ types: input.types, account: account.fields, field: input.field, dependsOn: input.dependsOn ?? {} });
      res.json({ items: answer.items });
    }),
  );
  router.get(
    '/api/integrations/accounts/:accountId/logo',
    route(async (req, res) => {
      const account = await loadAccount(context.db, String(req.params.accountId));
      const logo = await accountClient(context, account).logo();
      if (logo.kind === 'redirect') {
        res.redirect(302, logo.location);
        return;
      }
      res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
      res.type('image/svg+xml').send(logo.kind === 'svg' ? logo.svg : Buffer.from(DEFAULT_APP_LOGO));
    }),
  );
  return router;
}
