// Routes of /api/webhooks/v2 (issue 5).
import { Router } from 'express';
import type { ServerContext } from '../server-context.js';

export function webhookRoutes(_context: ServerContext): Router {
  return Router();
}
