// Routes of /api/graphql/space/<space> (issue 6).
import { Router } from 'express';
import type { ServerContext } from '../server-context.js';

export function graphqlRoutes(_context: ServerContext): Router {
  return Router();
}

/** Routes served outside /api without a token (signed file downloads). */
export function publicFileRoutes(_context: ServerContext): Router {
  return Router();
}
