// Routes of /api/integrations. The admin routes (accounts, OAuth start, sources, syncs, actions) sit behind
// the token check, the JSON parser, the OpenAPI validator and the access check (Architect: http/access.ts).
// The routes an external party calls without a token (the OAuth callback, inbound events) are
// mounted before the token check and read their own input.
import { Router } from 'express';
import type { ServerContext } from '../../server-context.js';
import { accountRoutes } from './accounts.js';
import { actionRoutes } from './actions.js';
import { appViewRoutes } from './app-views.js';
import { eventRoutes } from './events.js';
import { oauthCallbackRoutes, oauthRoutes } from './oauth.js';
import { sourceRoutes } from './sources.js';
import { syncRoutes } from './syncs.js';

export const INTEGRATIONS_BASE = '/api/integrations';

/** Routes called without a token: the OAuth callback and the inbound events address. */
export function integrationPublicRoutes(context: ServerContext): Router {
  const router = Router();
  router.use(oauthCallbackRoutes(context));
  router.use(eventRoutes(context));
  return router;
}

export function integrationRoutes(context: ServerContext): Router {
  const router = Router();
  router.use(accountRoutes(context));
  router.use(appViewRoutes(context));
  router.use(oauthRoutes(context));
  router.use(sourceRoutes(context));
  router.use(syncRoutes(context));
  router.use(actionRoutes(context));
  return router;
}
