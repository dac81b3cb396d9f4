// /api/integrations/sources/<id>/syncs and /api/integrations/syncs/<id>: start runs, status, history.
import { Router } from 'express';
import type { ServerContext } from '../../server-context.js';

export function syncRoutes(_context: ServerContext): Router {
  return Router();
}
