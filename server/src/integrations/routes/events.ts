// (helper H3) POST /api/integrations/events/<account id>: inbound events, passed to pre-process.
import { Router } from 'express';
import type { ServerContext } from '../../server-context.js';

export function eventRoutes(_context: ServerContext): Router {
  return Router();
}
