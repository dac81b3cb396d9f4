// Routes of /api/documents (issue 4).
import { Router } from 'express';
import type { ServerContext } from '../server-context.js';

export function documentRoutes(_context: ServerContext): Router {
  return Router();
}
