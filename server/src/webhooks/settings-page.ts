// The webhook settings screen at /settings/webhooks (issue 5). Served outside /api.
import { Router } from 'express';
import type { ServerContext } from '../server-context.js';

export function settingsPage(_context: ServerContext): Router {
  return Router();
}
