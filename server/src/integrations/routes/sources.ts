// /api/integrations/sources: list, add, read, change, delete.
import { Router } from 'express';
import type { ServerContext } from '../../server-context.js';

export function sourceRoutes(_context: ServerContext): Router {
  return Router();
}
