// /api/integrations/sources/<id>/syncs (start a run, history) and /api/integrations/syncs/<id>
// (a run's status). `wait=true` answers when the run has ended (bounded by settings.waitMs).
import { Router, type NextFunction, type Request, type Response } from 'express';
import type { ServerContext } from '../../server-context.js';
import { listRuns, loadRun } from '../sync/run-store.js';
import { loadSource } from '../sync/source-store.js';

function route(fn: (req: Request, res: Response) => Promise<void>) {
  return (req: Request, res: Response, next: NextFunction) => {
    fn(req, res).catch(next);
  };
}

export function syncRoutes(context: ServerContext): Router {
  const router = Router();
  router.get(
    '/api/integrations/sources/:sourceId/syncs',
    route(async (req, res) => {
      const source = await loadSource(context.db, String(req.params.sourceId));
      res.json(await listRuns(context.db, source.id));
    }),
  );
  router.post(
    '/api/integrations/sources/:sourceId/syncs',
    route(async (req, res) => {
      const runId = await context.syncs.start(String(req.params.sourceId));
      const wait = String(req.query.wait) === 'true';
      if (wait) await context.syncs.waitFor(runId, context.integrationSettings.waitMs);
      const run = await loadRun(context.db, runId);
      res.status(wait && run.finishedAt !== null ? 200 : 202).json(run);
    }),
  );
  router.get(
    '/api/integrations/syncs/:syncId',
    route(async (req, res) => {
      res.json(await loadRun(context.db, Number(req.params.syncId)));
    }),
  );
  return router;
}
