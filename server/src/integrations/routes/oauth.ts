// (helper H3) POST /api/integrations/oauth/authorize and GET /api/integrations/oauth/callback.
import { Router } from 'express';
import type { ServerContext } from '../../server-context.js';

export function oauthRoutes(_context: ServerContext): Router {
  return Router();
}

export function oauthCallbackRoutes(_context: ServerContext): Router {
  return Router();
}
