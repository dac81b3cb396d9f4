// POST /api/integrations/oauth/authorize (behind the token check, the JSON parser, the OpenAPI
// validator and the Architect check) and GET /api/integrations/oauth/callback (no token: mounted
// before the token check, so it reads and bounds its own query; the one-time state authorizes it).
import { Router, type NextFunction, type Request, type Response } from 'express';
import type { components } from '../../../../generated/service/types.js';
import type { ServerContext } from '../../server-context.js';
import { accountToApi } from '../accounts/store.js';
import { readCallbackQuery } from '../oauth/callback-query.js';
import { finishOAuth, OAUTH_CALLBACK_PATH, startOAuth } from '../oauth/flow.js';

type OAuthStartInput = components['schemas']['OAuthStartInput'];

function route(fn: (req: Request, res: Response) => Promise<void>) {
  return (req: Request, res: Response, next: NextFunction) => {
    fn(req, res).catch(next);
  };
}

export function oauthRoutes(context: ServerContext): Router {
  const router = Router();
  router.post(
    '/api/integrations/oauth/authorize',
    route(async (req, res) => {
      const input = req.body as OAuthStartInput;
      res.json(await startOAuth(context, { appUrl: input.appUrl, accountType: input.accountType }));
    }),
  );
  return router;
}

export function oauthCallbackRoutes(context: ServerContext): Router {
  const router = Router();
  router.get(
    OAUTH_CALLBACK_PATH,
    route(async (req, res) => {
      const params = readCallbackQuery(req.query as Record<string, unknown>);
      const account = await finishOAuth(context, params);
      res.status(201).json(accountToApi(account, context.baseUrl()));
    }),
  );
  return router;
}
