// (helper H3) /api/integrations/accounts: list, add (GET / and /validate), read, delete (DELETE /api/v1/account).
import { Router } from 'express';
import type { ServerContext } from '../../server-context.js';

export function accountRoutes(_context: ServerContext): Router {
  return Router();
}
